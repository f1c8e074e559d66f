/**
 * /accountManagement (账号管理): accounts on the resource engine, plus 重置密码 (编辑 button) and, for
 * administrators, 设为管理员/取消管理员 (setCa).
 */

import { ACCOUNT, ACCOUNT_BUTTONS } from '@zb/contract/entities/account';
import type { RowOf } from '@zb/contract/resource/define';
import { Button } from 'antd';
import { useState } from 'react';
import { confirm } from '../../platform/alerts';
import { useCan } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { useResourceActions } from '../../platform/resource/useResourceActions';
import { useSessionUser } from '../../platform/session';
import { setAdmin } from './api';
import { ResetPasswordModal } from './ResetPasswordModal';

export default function AccountManagementPage() {
  const [resetting, setResetting] = useState<{ id: number; loginName: string } | null>(null);
  const canEdit = useCan(ACCOUNT_BUTTONS.edit);
  const isAdmin = useSessionUser()?.admin === 1;
  const { refresh } = useResourceActions(ACCOUNT);

  const toggleAdmin = async (row: RowOf<typeof ACCOUNT>) => {
    const admin = !row.isAdmin;
    const text = admin
      ? `确定将「${row.loginName}」设为管理员？管理员可见全部菜单与数据。`
      : `确定取消「${row.loginName}」的管理员身份？`;
    if (!(await confirm(text))) return;
    try {
      await setAdmin(row.id, admin);
      await refresh();
    } catch {
      // Alerted by the http client.
    }
  };

  const rowActions = (row: RowOf<typeof ACCOUNT>) => (
    <>
      {canEdit && (
        <Button type="link" size="small" onClick={() => setResetting({ id: row.id, loginName: row.loginName })}>
          重置密码
        </Button>
      )}
      {isAdmin && (
        <Button type="link" size="small" onClick={() => void toggleAdmin(row)}>
          {row.isAdmin ? '取消管理员' : '设为管理员'}
        </Button>
      )}
    </>
  );

  return (
    <>
      <ResourceListPage decl={ACCOUNT} rowActions={rowActions} />
      <ResetPasswordModal account={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
