/**
 * /memberReceiveAudit (会员领用审核): 领用 records on the resource engine, scoped by the server;
 * 新增 records one for a store, 审核 on a 待审核 row opens the audit dialog.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { MEMBER_RECEIVE, MEMBER_RECEIVE_API } from '@zb/contract/entities/memberReceive';
import type { RowOf } from '@zb/contract/resource/define';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { FormPhoneInput } from '../../platform/inputs/FormPhoneInput';
import { useCan } from '../../platform/permissions';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { ReceiveLinesInput, StorePicker } from './inputs';

const AuditModal = lazy(() => import('./AuditModal'));

function StoreInput(props: CustomInputProps) {
  return <StorePicker endpoint={MEMBER_RECEIVE_API.stores} {...props} />;
}

const INPUTS = {
  storeId: StoreInput,
  memberPhone: FormPhoneInput,
  lines: ReceiveLinesInput,
};

export default function MemberReceiveAuditPage() {
  const canAudit = useCan(buttonCodeOf(MEMBER_RECEIVE.page, 'audit'));
  const [auditing, setAuditing] = useState<RowOf<typeof MEMBER_RECEIVE> | null>(null);
  return (
    <>
      <ResourceListPage
        decl={MEMBER_RECEIVE}
        inputs={INPUTS}
        rowActions={(row) =>
          canAudit &&
          row.status === 'pending' && (
            <Button type="link" size="small" onClick={() => setAuditing(row)}>
              审核
            </Button>
          )
        }
      />
      {auditing && (
        <Suspense fallback={null}>
          <AuditModal row={auditing} onClose={() => setAuditing(null)} />
        </Suspense>
      )}
    </>
  );
}
