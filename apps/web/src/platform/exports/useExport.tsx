/**
 * What every list's 导出 button calls: the list's export endpoint (which queues a job and answers
 * `{ jobId }`), as an excel-type call so "-10" stays quiet (SPEC §8) and says 没有可导出的数据
 * as a hint instead; on success a notice with the way to the download centre.
 */
import { useMutation } from '@tanstack/react-query';
import type { ExportQueued } from '@zb/contract/api/downloads';
import type { Endpoint } from '@zb/contract/api/endpoint';
import { ERR } from '@zb/contract/errcodes';
import { App, Button } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../apiError';
import { type CallInput, call } from '../http';

export const DOWNLOAD_CENTER_PATH = '/downloadhistory';
export const EXPORT_QUEUED_TEXT = '已加入下载中心';
export const EXPORT_EMPTY_TEXT = '没有可导出的数据';

export const useExport = <Q, B>(endpoint: Endpoint<Q, B, ExportQueued>) => {
  const { message, notification } = App.useApp();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: (input: CallInput<Q, B>) => call(endpoint, input, { excel: true, success: false }),
    onSuccess: ({ jobId }) => {
      const key = `export-${jobId}`;
      notification.success({
        key,
        title: '成功',
        description: `${EXPORT_QUEUED_TEXT}，导出完成后可在下载中心下载`,
        actions: (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              notification.destroy(key);
              navigate(DOWNLOAD_CENTER_PATH);
            }}
          >
            前往下载中心
          </Button>
        ),
      });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.errcode === ERR.EXCEL_EMPTY) void message.info(EXPORT_EMPTY_TEXT);
      // Any other error was already alerted by the http client.
    },
  });
  const { mutate } = mutation;
  const start = useCallback((input: CallInput<Q, B> = {}) => mutate(input), [mutate]);
  return { start, exporting: mutation.isPending };
};
