/**
 * /bankReceipt (银行回单): finance records the receipts (the resource engine) and matches each to
 * the paying store's confirmed settlement statements (匹配结算单): the matched total never
 * exceeds the receipt nor a statement's amount; a statement matched in full can be marked 已结算
 * on /crossSettlement.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { type ReceiptMatches, SETTLEMENT_API } from '@zb/contract/api/settlement';
import { BANK_RECEIPT } from '@zb/contract/entities/settlement';
import type { RowOf } from '@zb/contract/resource/define';
import { formatDateTime } from '@zb/contract/time';
import { Button, InputNumber, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../platform/http';
import { useCan } from '../../platform/permissions';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { StoreSelect, statementTag, yuan } from './inputs';

const INPUTS = { payerStoreId: StoreSelect };
const MATCH = buttonCodeOf('/bankReceipt', 'match');

/** What is left to match of a receipt, and the most a statement can still take of it. */
export const matchable = (m: Pick<ReceiptMatches, 'amount' | 'matched'>, s?: { amount: number; matched: number }) => {
  const receiptLeft = m.amount - m.matched;
  return s ? Math.min(receiptLeft, s.amount - s.matched) : receiptLeft;
};

function MatchModal({ row, onClose }: { row: RowOf<typeof BANK_RECEIPT>; onClose: () => void }) {
  const client = useQueryClient();
  const canMatch = useCan(MATCH);
  const key = ['settlement', 'receipt', row.id];
  const q = useQuery({ queryKey: key, queryFn: () => call(SETTLEMENT_API.receiptMatches, { params: { id: row.id } }) });
  const [statementId, setStatementId] = useState<number | null>(null);
  const [yuanValue, setYuanValue] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const data = q.data;
  const chosen = data?.candidates.find((c) => c.id === statementId);
  const refresh = async (next: ReceiptMatches) => {
    client.setQueryData(key, next);
    await client.invalidateQueries({ queryKey: ['resource'] });
    await client.invalidateQueries({ queryKey: ['settlement'] });
  };
  const submit = async () => {
    if (!data) return;
    if (!chosen) return setError('请选择结算单');
    const fen = Math.round((yuanValue ?? 0) * 100);
    if (fen <= 0) return setError('请填写大于 0 的匹配金额');
    if (fen > matchable(data, chosen)) return setError(`匹配金额不能超过 ${yuan(matchable(data, chosen))}`);
    setBusy(true);
    try {
      await refresh(
        await call(SETTLEMENT_API.match, { params: { id: row.id }, body: { statementId: chosen.id, amount: fen } }),
      );
      setStatementId(null);
      setYuanValue(null);
    } catch {
      // alerted by the http layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`匹配结算单 · 回单 ${String(row.bankSerial)}`}
      open
      onCancel={onClose}
      footer={null}
      width={860}
      destroyOnHidden
    >
      {!data ? (
        <Typography.Text type="secondary">加载中…</Typography.Text>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Typography.Text>
            回单金额 {yuan(data.amount)}，已匹配 {yuan(data.matched)}，剩余 {yuan(matchable(data))}
          </Typography.Text>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.matches}
            locale={{ emptyText: '尚未匹配结算单' }}
            columns={[
              { title: '结算单号', dataIndex: 'statementNo' },
              { title: '匹配金额', dataIndex: 'amount', render: yuan },
              { title: '匹配时间', dataIndex: 'matchedAt', render: formatDateTime },
              {
                title: '操作',
                key: 'op',
                render: (_, m) =>
                  canMatch && (
                    <Popconfirm
                      title="确定取消这条匹配吗？"
                      onConfirm={async () => refresh(await call(SETTLEMENT_API.unmatch, { params: { id: m.id } }))}
                    >
                      <Button type="link" size="small" danger>
                        取消匹配
                      </Button>
                    </Popconfirm>
                  ),
              },
            ]}
          />
          {canMatch && matchable(data) > 0 && (
            <Space wrap>
              <Select<number>
                aria-label="结算单"
                style={{ width: 420 }}
                placeholder={data.candidates.length ? '选择付款门店已确认的结算单' : '没有可匹配的已确认结算单'}
                value={statementId ?? undefined}
                onChange={(v) => {
                  setStatementId(v);
                  const c = data.candidates.find((x) => x.id === v);
                  setYuanValue(c ? matchable(data, c) / 100 : null);
                  setError(null);
                }}
                options={data.candidates.map((c) => ({
                  value: c.id,
                  label: `${c.statementNo} ${c.month} ${c.issuingStoreName}→${c.servingStoreName} 未匹配 ${yuan(c.amount - c.matched)}`,
                }))}
              />
              <InputNumber<number>
                aria-label="匹配金额（元）"
                min={0.01}
                precision={2}
                value={yuanValue}
                onChange={(v) => {
                  setYuanValue(v);
                  setError(null);
                }}
                addonAfter="元"
              />
              <Button type="primary" loading={busy} onClick={submit}>
                匹配
              </Button>
              {chosen && statementTag(chosen.status)}
            </Space>
          )}
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
        </Space>
      )}
    </Modal>
  );
}

export default function BankReceiptPage() {
  const [open, setOpen] = useState<RowOf<typeof BANK_RECEIPT> | null>(null);
  return (
    <>
      <ResourceListPage
        decl={BANK_RECEIPT}
        inputs={INPUTS}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setOpen(row)}>
            匹配结算单
          </Button>
        )}
      />
      {open && <MatchModal row={open} onClose={() => setOpen(null)} />}
    </>
  );
}
