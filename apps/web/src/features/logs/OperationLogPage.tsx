/** /operationLog (操作日志): who changed what and when, with before and after; read-only, exportable. */
import { OPERATION_LOG } from '@zb/contract/entities/logs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';

export default function OperationLogPage() {
  return <ResourceListPage decl={OPERATION_LOG} readOnly />;
}
