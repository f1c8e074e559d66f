/** What /welcome shows, headless: the current role's shortcuts, the unread notices, the pending approvals. */
import { useQuery } from '@tanstack/react-query';
import { canOpen } from '@zb/contract/access';
import { APPROVAL_API } from '@zb/contract/api/approvals';
import { AUTH_API } from '@zb/contract/api/auth';
import { ROUTES, routeByPath } from '@zb/contract/routes';
import { call } from '../../platform/http';
import { useMenuContext } from '../../platform/permissions';
import { useSessionUser } from '../../platform/session';

export const APPROVAL_CENTER_PATH = '/approvalCenter';

/** The route a saved shortcut opens, by its resource code. */
export const shortcutPath = (rsrc: string): string | undefined => ROUTES.find((r) => r.code === rsrc)?.path;

export const useWelcome = () => {
  const user = useSessionUser();
  const ctx = useMenuContext();
  const info = useQuery({ queryKey: ['loginInfo'], queryFn: () => call(AUTH_API.loginInfo), enabled: !!user });
  const role = info.data?.roles.find((r) => r.userRoleId === user?.userRoleId) ?? null;
  const approvalRoute = routeByPath(APPROVAL_CENTER_PATH);
  const mayApprove = !!approvalRoute && canOpen(approvalRoute, ctx.codes);
  // Quiet: the approval count is a hint, and its call may not be there yet.
  const pending = useQuery({
    queryKey: ['approvals', 'pendingCount'],
    queryFn: () => call(APPROVAL_API.pendingCount, {}, { alert: false }),
    enabled: mayApprove,
  });
  return {
    user,
    role,
    userId: info.data?.userId ?? null,
    refetchInfo: info.refetch,
    mayApprove,
    pendingApprovals: pending.data ?? null,
  };
};
