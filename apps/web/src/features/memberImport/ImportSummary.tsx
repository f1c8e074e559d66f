/** An import's head: state, progress, and what its rows create (the dry run's figures, then the job's). */
import { MEMBER_IMPORT_STATES, type MemberImportHeader } from '@zb/contract/entities/memberImport';
import { enumLabel } from '@zb/contract/resource/define';
import { formatDateTime } from '@zb/contract/time';
import { Alert, Descriptions, Progress, Space, Tag } from 'antd';
import { formatFen } from '../../platform/money';

export const progressOf = (h: MemberImportHeader): number =>
  h.readyRows === 0 ? 100 : Math.floor((h.processedRows * 100) / h.readyRows);

export function ImportSummary({ h }: { h: MemberImportHeader }) {
  const state = MEMBER_IMPORT_STATES.find((s) => s.value === h.state);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {h.sameFileAs && (
        <Alert
          type="warning"
          showIcon
          title={`同一文件已于迁入批次 ${h.sameFileAs} 导入过，其中已导入的原卡号会自动跳过`}
        />
      )}
      {h.failure && <Alert type="error" showIcon title={`导入中断：${h.failure}`} />}
      <Descriptions
        size="small"
        bordered
        column={3}
        items={[
          { key: 'batchNo', label: '迁入批次号', children: h.batchNo },
          { key: 'file', label: '文件', children: h.fileName },
          {
            key: 'state',
            label: '状态',
            children: <Tag color={state?.color}>{enumLabel(MEMBER_IMPORT_STATES, h.state)}</Tag>,
          },
          { key: 'total', label: '总行数', children: h.totalRows },
          { key: 'errors', label: '有误行数', children: h.errorRows },
          { key: 'skipped', label: '已存在跳过', children: h.skippedRows },
          { key: 'ready', label: '可导入行数', children: h.readyRows },
          { key: 'newMembers', label: '新会员', children: h.newMembers },
          { key: 'existing', label: '已有会员', children: h.existingMembers },
          { key: 'cards', label: '会员卡', children: h.cards },
          { key: 'principal', label: '储值本金', children: formatFen(h.principal) },
          { key: 'bonus', label: '储值赠金', children: formatFen(h.bonus) },
          { key: 'sessions', label: '套餐次数', children: h.sessions },
          { key: 'by', label: '操作人', children: h.createdByName ?? '—' },
          { key: 'at', label: '上传时间', children: formatDateTime(h.createdAt) },
          {
            key: 'progress',
            label: '导入进度',
            children:
              h.state === 'checked' ? (
                '尚未导入'
              ) : (
                <Progress
                  percent={progressOf(h)}
                  size="small"
                  status={h.state === 'failed' ? 'exception' : h.state === 'running' ? 'active' : undefined}
                  format={() => `${h.processedRows}/${h.readyRows}`}
                />
              ),
          },
        ]}
      />
    </Space>
  );
}
