/** /posList (POS机管理): payment terminals on the resource engine, scoped by the server, with each one's 绑定记录. */
import { POS_API, POS_TERMINAL } from '@zb/contract/entities/posTerminal';
import type { RowOf } from '@zb/contract/resource/define';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { StorePicker } from './inputs';

const BindingsModal = lazy(() => import('./BindingsModal'));

function StoreInput(props: CustomInputProps) {
  return <StorePicker endpoint={POS_API.stores} {...props} />;
}

const INPUTS = { storeId: StoreInput };

export default function PosListPage() {
  const [open, setOpen] = useState<RowOf<typeof POS_TERMINAL> | null>(null);
  return (
    <>
      <ResourceListPage
        decl={POS_TERMINAL}
        inputs={INPUTS}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setOpen(row)}>
            绑定记录
          </Button>
        )}
      />
      {open && (
        <Suspense fallback={null}>
          <BindingsModal id={open.id} sn={String(open.sn)} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
