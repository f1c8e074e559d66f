/** /apiLog (接口日志): every API call with its caller, errcode and latency; read-only, exportable. */
import { API_LOG } from '@zb/contract/entities/logs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function ApiLogPage() {
  return <ResourceListPage decl={API_LOG} readOnly />;
}
