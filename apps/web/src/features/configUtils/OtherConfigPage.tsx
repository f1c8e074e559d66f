/** /otherConfig (其他配置): head office's business switches and thresholds (SettingsTable), with history. */
import { OTHER_CONFIG_API } from '@zb/contract/api/configUtils';
import { SettingsTable } from '../../platform/settings/SettingsTable';

export default function OtherConfigPage() {
  return <SettingsTable api={OTHER_CONFIG_API} />;
}
