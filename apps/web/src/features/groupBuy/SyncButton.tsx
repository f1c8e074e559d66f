/** 同步门店 / 同步商品: pulls the platform's list through the server, then refreshes the list and says what came. */
import { SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@zb/contract/api/endpoint';
import type { GroupBuySyncResult } from '@zb/contract/entities/groupBuy';
import type { AnyResource } from '@zb/contract/resource/define';
import { Button } from 'antd';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts';
import { call } from '../../platform/http';
import { invalidateAfterWrite } from '../../platform/queryClient';

export function SyncButton<B>({
  endpoint,
  body,
  decl,
  label,
}: {
  endpoint: Endpoint<undefined, B, GroupBuySyncResult>;
  body?: B;
  decl: AnyResource;
  label: string;
}) {
  const client = useQueryClient();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const result = await call(endpoint, body === undefined ? {} : { body });
      await invalidateAfterWrite(client, decl);
      void showAlert('success', `同步完成：平台共 ${result.listed} 条，新增 ${result.added} 条`);
    } catch {
      // The refusal (platform not configured, unreachable) was alerted by the http client.
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button icon={<SyncOutlined />} loading={running} onClick={() => void run()}>
      {label}
    </Button>
  );
}
