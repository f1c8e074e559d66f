/**
 * /posList (POS机管理): payment terminals on the resource engine, scoped by the server, with each
 * one's 绑定记录 and 接口密钥 (the open API's keys); administrators also reach the mini-program's keys here.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { POS_API, POS_TERMINAL } from '@zb/contract/entities/posTerminal';
import type { RowOf } from '@zb/contract/resource/define';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '../../platform/permissions';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { useSessionUser } from '../../platform/session';
import { StorePicker } from './inputs';

const BindingsModal = lazy(() => import('./BindingsModal'));
const KeysModal = lazy(() => import('./KeysModal'));

function StoreInput(props: CustomInputProps) {
  return <StorePicker endpoint={POS_API.stores} {...props} />;
}

const INPUTS = { storeId: StoreInput };
const EDIT = buttonCodeOf('/posList', 'edit');

export default function PosListPage() {
  const [open, setOpen] = useState<RowOf<typeof POS_TERMINAL> | null>(null);
  const [keysOf, setKeysOf] = useState<RowOf<typeof POS_TERMINAL> | null>(null);
  const [miniKeys, setMiniKeys] = useState(false);
  const user = useSessionUser();
  const admin = user?.admin === 1;
  const canEdit = useCan(EDIT) || admin;
  return (
    <>
      <ResourceListPage
        decl={POS_TERMINAL}
        inputs={INPUTS}
        toolbar={admin ? <Button onClick={() => setMiniKeys(true)}>小程序接口密钥</Button> : undefined}
        rowActions={(row) => (
          <>
            <Button type="link" size="small" onClick={() => setOpen(row)}>
              绑定记录
            </Button>
            <Button type="link" size="small" onClick={() => setKeysOf(row)}>
              接口密钥
            </Button>
          </>
        )}
      />
      <Suspense fallback={null}>
        {open && <BindingsModal id={open.id} sn={String(open.sn)} onClose={() => setOpen(null)} />}
        {keysOf && (
          <KeysModal
            target={{ kind: 'pos', id: keysOf.id, sn: String(keysOf.sn) }}
            canEdit={canEdit}
            onClose={() => setKeysOf(null)}
          />
        )}
        {miniKeys && <KeysModal target={{ kind: 'mini' }} canEdit={admin} onClose={() => setMiniKeys(false)} />}
      </Suspense>
    </>
  );
}
