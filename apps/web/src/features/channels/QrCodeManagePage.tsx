/**
 * /qrCodeManage (二维码管理): the codes of the user's scope on the resource engine (edit: name,
 * page, 停用), 新建二维码 on /qrEstablish, 详情 on /qrCodeDetail, and 批量下载二维码 — a zip of every
 * code of a channel, made in the download centre.
 */
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { QR_API, QR_CODE } from '@zb/contract/entities/channel';
import { Button, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ExportButton } from '../../platform/exports/ExportButton';
import { useCan } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { useChannelPicks } from './api';

const ADD = buttonCodeOf('/qrCodeManage', 'add');
const EXPORT = buttonCodeOf('/qrCodeManage', 'export');

function PackModal({ onClose }: { onClose: () => void }) {
  const channels = useChannelPicks();
  const [channelId, setChannelId] = useState<number>();
  return (
    <Modal
      open
      title="批量下载二维码"
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <ExportButton
            type="primary"
            endpoint={QR_API.pack}
            params={{ channelId }}
            label="生成压缩包"
            disabled={channelId === undefined}
          />
        </Space>
      }
    >
      <p>选择渠道，将其下您数据范围内的全部二维码图片打包，在下载中心下载。</p>
      <Select<number>
        style={{ width: '100%' }}
        aria-label="渠道"
        placeholder="请选择渠道"
        loading={channels.isPending}
        value={channelId}
        onChange={setChannelId}
        options={(channels.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
    </Modal>
  );
}

export default function QrCodeManagePage() {
  const navigate = useNavigate();
  const canAdd = useCan(ADD);
  const canExport = useCan(EXPORT);
  const [packing, setPacking] = useState(false);
  return (
    <>
      <ResourceListPage
        decl={QR_CODE}
        toolbar={
          <>
            {canAdd && (
              <Button type="primary" onClick={() => navigate('/qrEstablish')}>
                新建二维码
              </Button>
            )}
            {canExport && <Button onClick={() => setPacking(true)}>批量下载二维码</Button>}
          </>
        }
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => navigate(`/qrCodeDetail?id=${row.id}`)}>
            详情
          </Button>
        )}
      />
      {packing && <PackModal onClose={() => setPacking(false)} />}
    </>
  );
}
