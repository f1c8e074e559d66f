/** /downloadhistory (下载中心): my exports with status and progress; 下载 once a file is ready. */
import { EXPORT_STATUS, type ExportJobView, type ExportStatus } from '@zb/contract/api/downloads';
import { Button, Empty, Progress, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { saveBlob } from '../../platform/exports/saveFile';
import { fetchExportFile } from './api';
import { useDownloadHistory } from './useDownloadHistory';

const STATUS_COLORS: Record<ExportStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  expired: 'warning',
};

/** 1.2 MB, 350 KB, 512 B. */
export const formatSize = (bytes: number | null): string => {
  if (bytes === null) return '—';
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
};

const progressStatus = (s: ExportStatus) => (s === 'failed' ? 'exception' : s === 'done' ? 'success' : 'active');

const columns = (
  download: (row: ExportJobView) => void,
  downloading: number | null,
): TableProps<ExportJobView>['columns'] => [
  {
    title: '文件名',
    dataIndex: 'fileName',
    render: (name: string | null, row) => name ?? row.title,
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 220,
    render: (s: ExportStatus, row) => (
      <>
        <Tag color={STATUS_COLORS[s]}>{EXPORT_STATUS[s]}</Tag>
        {s === 'failed' && row.error ? (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {row.error}
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  {
    title: '进度',
    dataIndex: 'progress',
    width: 160,
    render: (p: number, row) =>
      row.status === 'expired' ? '—' : <Progress percent={p} size="small" status={progressStatus(row.status)} />,
  },
  { title: '行数', dataIndex: 'rowCount', width: 90, align: 'right' },
  { title: '大小', dataIndex: 'size', width: 100, align: 'right', render: formatSize },
  { title: '创建时间', dataIndex: 'createdAt', width: 170 },
  { title: '完成时间', dataIndex: 'finishedAt', width: 170, render: (d: string | null) => d ?? '—' },
  {
    title: '操作',
    key: 'actions',
    width: 90,
    fixed: 'right',
    render: (_: unknown, row) =>
      row.status === 'done' ? (
        <Tooltip title={row.expiresAt ? `${row.expiresAt} 前可下载` : undefined}>
          <Button type="link" size="small" loading={downloading === row.id} onClick={() => download(row)}>
            下载
          </Button>
        </Tooltip>
      ) : null,
  },
];

export default function DownloadHistoryPage() {
  const list = useDownloadHistory();
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (row: ExportJobView) => {
    setDownloading(row.id);
    try {
      const blob = await fetchExportFile(row.id);
      saveBlob(blob, row.fileName ?? `${row.title}.xlsx`);
    } catch {
      // The http client has shown the server's reason (expired, not yours…).
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Table<ExportJobView>
      rowKey="id"
      size="middle"
      loading={list.loading && list.rows.length === 0}
      columns={columns(download, downloading)}
      dataSource={list.rows}
      scroll={{ x: 1100 }}
      pagination={list.pagination}
      locale={{ emptyText: <Empty description="暂无导出记录，在列表页点击“导出”后会出现在这里" /> }}
    />
  );
}
