/**
 * /crossSettlement (跨店结算): a month's statements per store pair — the issuing store (开卡门店)
 * pays the serving store (消费门店) — with 生成月结单 (asks first; regenerating replaces only the
 * 待确认/已驳回 ones), each statement's steps as SETTLEMENT_FLOW allows them from its state to
 * holders of their buttons, its detail (the draws behind it, each opening /orderDetails, the
 * bank receipts matched, the history), and the per-store net view (应收 − 应付; Σ = 0).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { SETTLEMENT_API, type StatementDto, type StoreNetDto } from '@zb/contract/api/settlement';
import { CARD_KINDS } from '@zb/contract/entities/card';
import { SETTLEMENT_FLOW } from '@zb/contract/entities/settlement';
import { type FlowStep, stepsFrom } from '@zb/contract/flow';
import { enumLabel } from '@zb/contract/resource/define';
import { formatDateTime } from '@zb/contract/time';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Timeline,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { confirm, showAlert } from '../../platform/alerts';
import { call } from '../../platform/http';
import { useButtons } from '../../platform/permissions';
import { statementTag, yuan } from './inputs';

const PAGE_SIZE = 20;
const STEPS = SETTLEMENT_FLOW.steps as Record<string, FlowStep<string>>;

/** The month the page opens on: last month (the one the job of the 1st generates). */
export const defaultMonth = (now: Dayjs = dayjs()): string => now.subtract(1, 'month').format('YYYY-MM');

/** The steps a user holding `has` may take on a statement in `state` (the buttons shown). */
export const stepButtons = (state: string, has: (code: string) => boolean): string[] =>
  stepsFrom(SETTLEMENT_FLOW, state, 'console').filter((k) => {
    const b = STEPS[k]!.button;
    return !b || has(buttonCodeOf(SETTLEMENT_FLOW.page, b));
  });

/** Σ net over the stores shown: zero when every store of the month is shown. */
export const netTotal = (stores: readonly StoreNetDto[]): number => stores.reduce((n, s) => n + s.net, 0);

function StepButtons({ s, onDone }: { s: StatementDto; onDone: () => Promise<void> }) {
  const has = useButtons();
  const [asking, setAsking] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (step: string, why: string) => {
    setBusy(true);
    try {
      await call(SETTLEMENT_API.step, {
        params: { id: s.id },
        body: { step: step as 'confirm' | 'reject' | 'settle', reason: why || undefined },
      });
      setAsking(null);
    } catch {
      // alerted by the http layer
    } finally {
      setBusy(false);
      await onDone();
    }
  };
  const start = async (step: string) => {
    const def = STEPS[step]!;
    if (def.reason === 'required') {
      setReason('');
      setError(null);
      setAsking(step);
      return;
    }
    if (def.confirm && !(await confirm(def.confirm))) return;
    await run(step, '');
  };
  const steps = stepButtons(s.status, has);
  if (steps.length === 0) return null;
  return (
    <Space size={0}>
      {steps.map((k) => (
        <Button
          key={k}
          type="link"
          size="small"
          danger={STEPS[k]!.reason === 'required'}
          loading={busy && asking === null}
          onClick={() => start(k)}
        >
          {STEPS[k]!.label}
        </Button>
      ))}
      {asking && (
        <Modal
          title={`${STEPS[asking]!.label} ${s.statementNo}`}
          open
          okText={`确定${STEPS[asking]!.label}`}
          confirmLoading={busy}
          onCancel={() => setAsking(null)}
          onOk={() => {
            const why = reason.trim();
            if (!why) return setError(`请填写${STEPS[asking]!.label}的原因`);
            return run(asking, why);
          }}
          destroyOnHidden
        >
          <Input.TextArea
            aria-label="原因"
            rows={3}
            maxLength={200}
            placeholder="请填写原因"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
        </Modal>
      )}
    </Space>
  );
}

function StatementDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useQuery({
    queryKey: ['settlement', 'detail', id],
    queryFn: () => call(SETTLEMENT_API.detail, { params: { id } }),
  });
  const d = q.data;
  return (
    <Drawer
      open
      width={960}
      title={d ? `结算单 ${d.statement.statementNo}` : '结算单'}
      onClose={onClose}
      destroyOnHidden
    >
      {!d ? (
        <Typography.Text type="secondary">{q.isError ? '结算单不存在或不在您的数据范围内' : '加载中…'}</Typography.Text>
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'month', label: '结算月份', children: d.statement.month },
              { key: 'status', label: '状态', children: statementTag(d.statement.status) },
              { key: 'count', label: '消费笔数', children: d.statement.lineCount },
              { key: 'from', label: '付款方（开卡门店）', children: d.statement.issuingStoreName },
              { key: 'to', label: '收款方（消费门店）', children: d.statement.servingStoreName },
              { key: 'served', label: '划卡金额', children: yuan(d.statement.served) },
              { key: 'deducted', label: '退款/冲正扣减', children: yuan(d.statement.deducted) },
              { key: 'amount', label: '应结算金额', children: yuan(d.statement.amount) },
              { key: 'matched', label: '回单已匹配', children: yuan(d.statement.matched) },
            ]}
          />
          <Table
            rowKey="id"
            size="small"
            aria-label="结算明细"
            dataSource={d.lines}
            pagination={{ pageSize: 10, showTotal: (n) => `共 ${n} 条` }}
            locale={{ emptyText: '没有跨店消费明细' }}
            scroll={{ x: 900 }}
            columns={[
              {
                title: '收银单号',
                dataIndex: 'billNo',
                render: (v: string, l) => <Link to={`/orderDetails?id=${l.consumeId}`}>{v}</Link>,
              },
              { title: '消费时间', dataIndex: 'consumedAt', render: formatDateTime },
              { title: '会员', dataIndex: 'memberName' },
              { title: '卡号', dataIndex: 'cardNo' },
              { title: '卡类型', dataIndex: 'cardKind', render: (v: string) => enumLabel(CARD_KINDS, v) },
              { title: '项目/产品', dataIndex: 'itemName' },
              { title: '划卡金额', dataIndex: 'served', render: yuan, align: 'right' },
              { title: '扣减', dataIndex: 'deducted', render: yuan, align: 'right' },
              { title: '比例', dataIndex: 'rate', render: (r: number) => `${(r / 100).toFixed(2)}%`, align: 'right' },
              { title: '结算金额', dataIndex: 'amount', render: yuan, align: 'right' },
            ]}
          />
          <Card size="small" title="银行回单匹配">
            {d.matches.length === 0 ? (
              <Typography.Text type="secondary">尚未匹配银行回单</Typography.Text>
            ) : (
              d.matches.map((m) => (
                <div key={m.id}>
                  回单 {m.bankSerial}：{yuan(m.amount)}（{formatDateTime(m.matchedAt)}）
                </div>
              ))
            )}
          </Card>
          <Card size="small" title="处理记录">
            <Timeline
              items={d.history.map((h, i) => ({
                key: i,
                color: h.step === 'reject' ? 'red' : 'green',
                content: (
                  <div>
                    <Typography.Text strong>{h.label}</Typography.Text>
                    <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                      {h.userName ?? '系统'} · {formatDateTime(h.at)}
                    </Typography.Text>
                    {h.reason && <div>{h.reason}</div>}
                  </div>
                ),
              }))}
            />
          </Card>
        </Space>
      )}
    </Drawer>
  );
}

export default function CrossSettlementPage() {
  const client = useQueryClient();
  const has = useButtons();
  const [month, setMonth] = useState(defaultMonth());
  const [status, setStatus] = useState<StatementDto['status'] | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [generating, setGenerating] = useState(false);
  // one value per month: a new dayjs on every render would make the picker sync itself forever
  const monthValue = useMemo(() => dayjs(`${month}-01`), [month]);
  const list = useQuery({
    queryKey: ['settlement', 'list', month, status, pageNo],
    queryFn: () => call(SETTLEMENT_API.list, { query: { month, status, pageNo, pageSize: PAGE_SIZE } }),
  });
  const net = useQuery({
    queryKey: ['settlement', 'net', month],
    queryFn: () => call(SETTLEMENT_API.net, { query: { month } }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['settlement'] });

  const generate = async () => {
    if (!(await confirm(`生成 ${month} 的月结单？待确认和已驳回的结算单将按最新数据重算，已确认和已结算的不会改动。`)))
      return;
    setGenerating(true);
    try {
      const r = await call(SETTLEMENT_API.generate, { body: { month } });
      void showAlert(
        'success',
        `${r.month}：生成/更新 ${r.written} 张（明细 ${r.lines} 行），保留已确认/已结算 ${r.kept} 张，删除 ${r.removed} 张`,
        '月结单已生成',
      );
    } catch {
      // alerted by the http layer
    } finally {
      setGenerating(false);
      await refresh();
    }
  };

  return (
    <Card
      title="跨店结算"
      extra={
        <Space wrap>
          <DatePicker
            picker="month"
            allowClear={false}
            aria-label="结算月份"
            value={monthValue}
            onChange={(d) => {
              if (d) setMonth(d.format('YYYY-MM'));
              setPageNo(1);
            }}
          />
          <Select
            aria-label="状态"
            allowClear
            placeholder="全部状态"
            style={{ width: 120 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPageNo(1);
            }}
            options={SETTLEMENT_FLOW.states.map((s) => ({ value: s.value, label: s.label }))}
          />
          {has(buttonCodeOf('/crossSettlement', 'generate')) && (
            <Button type="primary" loading={generating} onClick={generate}>
              生成月结单
            </Button>
          )}
        </Space>
      }
    >
      {generating && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`正在生成 ${month} 月结单：读取当月跨店消费、按规则计算每个门店对的结算金额…`}
        />
      )}
      <Tabs
        items={[
          {
            key: 'statements',
            label: '结算单',
            children: (
              <Table<StatementDto>
                rowKey="id"
                size="small"
                aria-label="结算单"
                loading={list.isLoading}
                dataSource={list.data?.list ?? []}
                locale={{ emptyText: `${month} 暂无结算单，可点击「生成月结单」` }}
                pagination={{
                  current: pageNo,
                  pageSize: PAGE_SIZE,
                  total: list.data?.total ?? 0,
                  showSizeChanger: false,
                  showTotal: (n) => `共 ${n} 条`,
                  onChange: setPageNo,
                }}
                columns={[
                  {
                    title: '结算单号',
                    dataIndex: 'statementNo',
                    render: (v: string, s) => (
                      <Button type="link" size="small" onClick={() => setOpen(s.id)}>
                        {v}
                      </Button>
                    ),
                  },
                  { title: '月份', dataIndex: 'month', width: 90 },
                  { title: '付款方（开卡门店）', dataIndex: 'issuingStoreName' },
                  { title: '收款方（消费门店）', dataIndex: 'servingStoreName' },
                  { title: '笔数', dataIndex: 'lineCount', align: 'right', width: 70 },
                  { title: '划卡金额', dataIndex: 'served', render: yuan, align: 'right' },
                  { title: '扣减', dataIndex: 'deducted', render: yuan, align: 'right' },
                  { title: '应结算', dataIndex: 'amount', render: yuan, align: 'right' },
                  { title: '已匹配', dataIndex: 'matched', render: yuan, align: 'right' },
                  { title: '状态', dataIndex: 'status', render: statementTag, width: 90 },
                  {
                    title: '操作',
                    key: 'op',
                    render: (_, s) => <StepButtons s={s} onDone={refresh} />,
                  },
                ]}
              />
            ),
          },
          {
            key: 'net',
            label: '门店净额',
            children: (
              <Table<StoreNetDto>
                rowKey="storeId"
                size="small"
                aria-label="门店净额"
                loading={net.isLoading}
                dataSource={net.data?.stores ?? []}
                pagination={false}
                locale={{ emptyText: `${month} 暂无跨店结算` }}
                columns={[
                  { title: '门店编码', dataIndex: 'storeCode' },
                  { title: '门店', dataIndex: 'storeName' },
                  { title: '应收（作为消费门店）', dataIndex: 'receivable', render: yuan, align: 'right' },
                  { title: '应付（作为开卡门店）', dataIndex: 'payable', render: yuan, align: 'right' },
                  { title: '净额', dataIndex: 'net', render: yuan, align: 'right' },
                ]}
                summary={(rows) =>
                  rows.length > 0 && (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={4}>
                        合计（所有门店相抵为 0）
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={1} align="right">
                        {yuan(netTotal(rows))}
                      </Table.Summary.Cell>
                    </Table.Summary.Row>
                  )
                }
              />
            ),
          },
        ]}
      />
      {open !== null && <StatementDrawer id={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
