/** The hierarchy is kept by headquarters roles (the server refuses the others): whether this user may. */
import { HIER_LEVELS } from '@zb/contract/constants';
import { useSessionUser } from '../../platform/session';

export const HQ_ONLY_TEXT = '层级架构仅限总部角色维护，请切换到总部角色';

export const useIsHq = (): boolean => {
  const user = useSessionUser();
  return !!user && (user.admin === 1 || user.hierName === HIER_LEVELS.hq);
};
