/**
 * LOGIN-51005 on /login: 申请老板权限, then 审批中… with the approval number while the poll
 * answers 204, 授权通过 before signing in, or 授权未通过，请重新申请 with the button again.
 */
import type { BossAuthorityHint, LoginResult } from '@zb/contract/api/auth';
import { ERR, ERRMSG } from '@zb/contract/errcodes';
import { Alert, Button } from 'antd';
import { useEffect } from 'react';
import { useBossApply } from './useBossApply';

interface Props {
  text: string;
  hint: BossAuthorityHint | null;
  onSignedIn: (result: LoginResult) => Promise<void>;
  /** Signs in again for a fresh application ticket (a rejected application used the last one). */
  onReapply: () => void;
}

/** Set when 申请老板权限 is clicked after a rejection: the next sign-in applies at once. */
let applyOnMount = false;

export function BossApply({ text, hint, onSignedIn, onReapply }: Props) {
  const { state, apply } = useBossApply(hint, onSignedIn);

  useEffect(() => {
    if (!applyOnMount || !hint) return;
    applyOnMount = false;
    void apply();
  }, [hint, apply]);

  const applyButton = (onClick: () => void, loading = false) => (
    <Button size="small" type="primary" loading={loading} onClick={onClick}>
      申请老板权限
    </Button>
  );
  const style = { marginBottom: 20 };

  switch (state.phase) {
    case 'pending':
      return (
        <Alert
          type="warning"
          showIcon
          style={style}
          title="审批中…"
          description={`审批编号：${state.spNo}，审批通过后将自动登录`}
        />
      );
    case 'passed':
      return <Alert type="success" showIcon style={style} title={ERRMSG[ERR.STORE_AUTH_PASSED]} />;
    case 'rejected':
      return (
        <Alert
          type="error"
          showIcon
          style={style}
          title={ERRMSG[ERR.STORE_AUTH_REJECTED]}
          description={`审批编号：${state.spNo}`}
          action={applyButton(() => {
            applyOnMount = true;
            onReapply();
          })}
        />
      );
    default:
      return (
        <Alert
          type="info"
          showIcon
          style={style}
          title={text}
          action={applyButton(() => void apply(), state.phase === 'applying')}
        />
      );
  }
}
