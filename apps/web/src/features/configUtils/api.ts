/** /configUtils' own call beside its settings (platform/settings): 刷新权限缓存. */
import { CONFIG_API } from '@zb/contract/api/configUtils';
import { call } from '../../platform/http';

export const refreshPermissions = () => call(CONFIG_API.refreshPermissions);
