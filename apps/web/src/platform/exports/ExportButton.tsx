/** The 导出 button of a list: queues an export of the list's current filters (see useExport). */
import { DownloadOutlined } from '@ant-design/icons';
import type { ExportQueued } from '@zb/contract/api/downloads';
import type { Endpoint } from '@zb/contract/api/endpoint';
import { Button, type ButtonProps } from 'antd';
import type { CallInput } from '../http';
import { useExport } from './useExport';

export interface ExportButtonProps<Q, B> extends Omit<ButtonProps, 'onClick' | 'loading'> {
  endpoint: Endpoint<Q, B, ExportQueued>;
  /** The list's filters, sent as the export call's query (GET) or body. */
  params?: Q | B;
  label?: string;
}

export function ExportButton<Q, B>({ endpoint, params, label = '导出', ...rest }: ExportButtonProps<Q, B>) {
  const { start, exporting } = useExport(endpoint);
  const input = (endpoint.method === 'GET' ? { query: params } : { body: params }) as CallInput<Q, B>;
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => start(input)} {...rest}>
      {label}
    </Button>
  );
}
