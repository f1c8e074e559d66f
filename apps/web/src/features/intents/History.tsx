/** A record's history (flow_event rows, oldest first): step, who, when, why. */
import type { FlowHistoryDto } from '@zb/contract/api/intents';
import { formatDateTime } from '@zb/contract/time';
import { Timeline, Typography } from 'antd';

const ACTORS: Record<string, string> = { console: '', open: '门店/小程序', system: '系统' };

export function FlowHistory({ rows }: { rows: readonly FlowHistoryDto[] }) {
  if (rows.length === 0) return <Typography.Text type="secondary">暂无记录</Typography.Text>;
  return (
    <Timeline
      items={rows.map((h, i) => ({
        key: i,
        color: h.step === 'create' ? 'blue' : h.to === 'expired' || h.to === 'rejected' ? 'red' : 'green',
        content: (
          <div>
            <Typography.Text strong>{h.label}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {h.userName ?? (ACTORS[h.actorKind] || '—')} · {formatDateTime(h.at)}
            </Typography.Text>
            {h.reason && (
              <div>
                {h.step === 'create' ? '说明' : '原因'}：{h.reason}
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}
