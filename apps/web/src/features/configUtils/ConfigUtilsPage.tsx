/** /configUtils (配置工具): the server's settings (SettingsTable) and 刷新权限缓存. */
import { CONFIG_API } from '@zb/contract/api/configUtils';
import { Button } from 'antd';
import { useCan } from '../../platform/permissions';
import { SettingsTable } from '../../platform/settings/SettingsTable';
import { editCodeOf } from '../../platform/settings/settingsModel';
import { useRefreshPermissions } from './useConfigUtils';

export default function ConfigUtilsPage() {
  const canEdit = useCan(editCodeOf('/configUtils'));
  const refresh = useRefreshPermissions();
  return (
    <SettingsTable
      api={CONFIG_API}
      extra={
        canEdit && (
          <Button type="primary" loading={refresh.pending} onClick={() => void refresh.run()}>
            刷新权限缓存
          </Button>
        )
      }
    />
  );
}
