/**
 * One evaluation whole (EVALUATION_EXTRA_API.view): the bill, the member, the staff rated, the
 * score per dimension, the comment and images, the store's reply, and — for a 差评 — its handling
 * state, history and the steps BAD_REVIEW_FLOW allows (分派 with a handler, 回复, 关闭), each shown
 * only to holders of /evaManagement's 编辑. /evaluationDetailList shows it as a page,
 * /evaManagement in a drawer.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EVALUATION_EXTRA_API, type EvaluationDetailDto } from '@zb/contract/api/evaluations';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { BAD_REVIEW_FLOW, EVA_LEVELS, EVA_REPLY_MAX } from '@zb/contract/entities/evaluation';
import { stepsFrom } from '@zb/contract/flow';
import { formatDateTime } from '@zb/contract/time';
import {
  Button,
  Descriptions,
  Image,
  Input,
  Modal,
  Rate,
  Result,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../platform/alerts';
import { call } from '../../platform/http';
import { useButtons } from '../../platform/permissions';

export const evaluationKey = (id: number) => ['evaluations', 'view', id] as const;

const tagOf = (options: readonly { value: string; label: string; color?: string }[], v: string) => {
  const o = options.find((x) => x.value === v);
  return <Tag color={o?.color}>{o?.label ?? v}</Tag>;
};

export const levelTag = (v: string) => tagOf(EVA_LEVELS, v);
export const statusTag = (v: string) => tagOf(BAD_REVIEW_FLOW.states, v);

type Asking = 'assign' | 'reply' | 'close' | null;

const TITLES: Record<Exclude<Asking, null>, string> = { assign: '分派差评', reply: '回复评价', close: '关闭差评' };

function Actions({ e, done }: { e: EvaluationDetailDto; done: () => Promise<void> }) {
  const has = useButtons();
  const [asking, setAsking] = useState<Asking>(null);
  const [text, setText] = useState('');
  const [handlerId, setHandlerId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const handlers = useQuery({
    queryKey: ['evaluations', 'handlers', keyword],
    queryFn: () => call(EVALUATION_EXTRA_API.handlers, { query: keyword ? { keyword } : {} }),
    enabled: asking === 'assign',
  });
  if (!has(buttonCodeOf('/evaManagement', 'edit'))) return null;
  const steps = e.level === 'bad' ? stepsFrom(BAD_REVIEW_FLOW, e.status) : [];
  const canReply = e.level === 'bad' ? steps.includes('reply') : true;
  const open = (a: Exclude<Asking, null>) => {
    setAsking(a);
    setText(a === 'reply' ? (e.reply ?? '') : '');
    setHandlerId(e.handlerId);
    setError(null);
  };
  const submit = async () => {
    const value = text.trim();
    if (asking === 'assign' && handlerId === null) return setError('请选择处理人');
    if (asking === 'reply' && !value) return setError('请填写回复内容');
    if (asking === 'close' && !value) return setError('请填写处理结果');
    setBusy(true);
    try {
      if (asking === 'assign') {
        await call(EVALUATION_EXTRA_API.assign, {
          body: { id: e.id, handlerId: handlerId!, ...(value ? { note: value } : {}) },
        });
      } else if (asking === 'reply') {
        await call(EVALUATION_EXTRA_API.reply, { body: { id: e.id, reply: value } });
      } else {
        await call(EVALUATION_EXTRA_API.close, { body: { id: e.id, reason: value } });
      }
      notify('success', `${TITLES[asking!]}成功`);
      setAsking(null);
    } catch {
      // Alerted by the http layer; the evaluation is read again below.
    } finally {
      setBusy(false);
      await done();
    }
  };
  return (
    <Space>
      {steps.includes('assign') && <Button onClick={() => open('assign')}>分派</Button>}
      {canReply && (
        <Button type="primary" onClick={() => open('reply')}>
          回复
        </Button>
      )}
      {steps.includes('close') && (
        <Button danger onClick={() => open('close')}>
          关闭
        </Button>
      )}
      {asking && (
        <Modal
          title={TITLES[asking]}
          open
          okText="确定"
          confirmLoading={busy}
          onCancel={() => setAsking(null)}
          onOk={submit}
          destroyOnHidden
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {asking === 'assign' && (
              <Select<number>
                aria-label="处理人"
                showSearch
                placeholder="请选择处理人"
                style={{ width: '100%' }}
                value={handlerId ?? undefined}
                filterOption={false}
                onSearch={setKeyword}
                loading={handlers.isFetching}
                options={(handlers.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
                onChange={(v) => {
                  setHandlerId(v);
                  setError(null);
                }}
              />
            )}
            <Input.TextArea
              aria-label={asking === 'assign' ? '分派说明' : asking === 'reply' ? '回复内容' : '处理结果'}
              placeholder={asking === 'assign' ? '说明（选填）' : asking === 'reply' ? '回复会员的内容' : '处理结果'}
              rows={4}
              maxLength={EVA_REPLY_MAX}
              showCount
              value={text}
              onChange={(ev) => {
                setText(ev.target.value);
                setError(null);
              }}
            />
            {error && <Typography.Text type="danger">{error}</Typography.Text>}
          </Space>
        </Modal>
      )}
    </Space>
  );
}

export function EvaluationView({ id }: { id: number }) {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: evaluationKey(id),
    queryFn: () => call(EVALUATION_EXTRA_API.view, { params: { id } }),
  });
  if (q.isError) return <Result status="warning" subTitle="评价不存在或不在您的数据范围内" />;
  if (!q.data) return <Spin spinning style={{ display: 'block', margin: 48 }} />;
  const e = q.data;
  const done = async () => {
    await client.invalidateQueries({ queryKey: ['evaluations'] });
    await client.invalidateQueries();
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          评价 {e.evaNo} {levelTag(e.level)}
          {e.level === 'bad' && statusTag(e.status)}
        </Typography.Title>
        <Actions e={e} done={done} />
      </Space>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'bill', label: '收银单', children: <Link to={`/orderDetails?id=${e.billId}`}>{e.billNo}</Link> },
          { key: 'billAt', label: '消费时间', children: e.consumedAt },
          { key: 'store', label: '门店', children: `${e.storeName}（${e.regionName}）` },
          { key: 'member', label: '会员', children: `${e.memberName}（${e.memberPhone}）` },
          { key: 'staff', label: '服务员工', children: e.staffName ?? '未指定' },
          { key: 'at', label: '评价时间', children: e.evaluatedAt },
          { key: 'score', label: '平均分', children: e.scoreText },
          { key: 'rate', label: '得分率', children: `${(e.scoreRate / 100).toFixed(2)}%` },
          { key: 'comment', label: '评价内容', span: 2, children: e.comment || '（未填写）' },
          {
            key: 'images',
            label: '评价图片',
            span: 2,
            children:
              e.images.length === 0 ? (
                '无'
              ) : (
                <Image.PreviewGroup>
                  <Space wrap>
                    {e.images.map((src) => (
                      <Image key={src} src={src} width={80} height={80} alt="评价图片" />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              ),
          },
          {
            key: 'reply',
            label: '门店回复',
            span: 2,
            children: e.reply ? `${e.reply}（${e.repliedByName ?? '—'} · ${e.repliedAt}）` : '尚未回复',
          },
          ...(e.level === 'bad' ? [{ key: 'handler', label: '处理人', children: e.handlerName ?? '未分派' }] : []),
        ]}
      />
      <div>
        <Typography.Title level={5}>各维度评分</Typography.Title>
        <Table
          rowKey="dimensionId"
          size="small"
          pagination={false}
          dataSource={e.scores}
          columns={[
            { title: '评价维度', dataIndex: 'name' },
            {
              title: `评分（满分 ${e.scaleMax}）`,
              dataIndex: 'score',
              render: (v: number) => (
                <Space>
                  <Rate disabled count={e.scaleMax} value={v} />
                  {v}
                </Space>
              ),
            },
          ]}
        />
      </div>
      {e.level === 'bad' && (
        <div>
          <Typography.Title level={5}>处理记录</Typography.Title>
          <Timeline
            items={e.history.map((h, i) => ({
              key: i,
              color: h.step === 'create' ? 'red' : h.to === 'closed' ? 'green' : 'blue',
              content: (
                <div>
                  <Typography.Text strong>{h.step === 'create' ? '收到差评' : h.label}</Typography.Text>
                  <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                    {h.userName ?? (h.actorKind === 'open' ? '会员' : '系统')} · {formatDateTime(h.at)}
                  </Typography.Text>
                  {h.reason && <div>{h.reason}</div>}
                </div>
              ),
            }))}
          />
        </div>
      )}
    </Space>
  );
}
