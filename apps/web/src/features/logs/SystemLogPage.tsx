/** /systemLog (系统日志): sign-ins and sign-outs, starts and stops, job failures and unexpected errors. */
import { SYSTEM_LOG } from '@zb/contract/entities/logs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function SystemLogPage() {
  return <ResourceListPage decl={SYSTEM_LOG} readOnly />;
}
