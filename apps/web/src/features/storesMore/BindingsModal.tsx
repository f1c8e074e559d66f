/** 绑定记录 of a POS terminal: each period at a store, newest first; the open one is 当前绑定. */
import type { PosBinding } from '@zb/contract/entities/posTerminal';
import { formatDateTime } from '@zb/contract/time';
import { Modal, Table, Tag } from 'antd';
import { usePosBindings } from './api';

export default function BindingsModal({ id, sn, onClose }: { id: number; sn: string; onClose: () => void }) {
  const bindings = usePosBindings(id);
  return (
    <Modal open title={`终端 ${sn} 的绑定记录`} width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<PosBinding>
        size="small"
        loading={bindings.isPending}
        rowKey={(r) => `${r.storeId}:${r.boundAt}`}
        dataSource={bindings.data ?? []}
        pagination={false}
        locale={{ emptyText: '该终端从未绑定门店' }}
        columns={[
          { title: '门店', dataIndex: 'storeName' },
          { title: '绑定时间', dataIndex: 'boundAt', render: (v: string) => formatDateTime(v) },
          { title: '绑定人', dataIndex: 'boundByName', render: (v: string | null) => v ?? '—' },
          {
            title: '解绑时间',
            dataIndex: 'unboundAt',
            render: (v: string | null) => (v ? formatDateTime(v) : <Tag color="green">当前绑定</Tag>),
          },
          { title: '解绑人', dataIndex: 'unboundByName', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Modal>
  );
}
