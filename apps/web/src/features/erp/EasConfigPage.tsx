/**
 * /easConfig (EAS对接配置): 科目映射 (each fee type's EAS subject and direction, with the fee types
 * still unmapped named above the list), 门店配置 (each store's company code, royalty rate and deep
 * cooperation), and 凭证 (the daily vouchers: 生成凭证 for stores and days, 下载凭证 through the
 * download centre, a failed day's reason and 重新生成).
 */

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import {
  EAS_API,
  EAS_STORE,
  EAS_SUBJECT,
  ERP_FEE_TYPES,
  ERP_VOUCHER,
  type VoucherRunResult,
  voucherGenerateBody,
} from '@zb/contract/entities/erp';
import { fieldErrors } from '@zb/contract/rules';
import { Alert, App, Button, DatePicker, Form, List, Modal, Popconfirm, Select, Space, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useExport } from '../../platform/exports/useExport';
import { call } from '../../platform/http';
import { LookupSelect } from '../../platform/inputs/LookupSelect';
import { useCan } from '../../platform/permissions';
import { callKey, resourceKey } from '../../platform/queryClient';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { fieldErrorsOf } from '../../platform/resource/useResourceActions';

/** The fee types no mapping covers yet, in their declared order. */
export const unmappedFeeTypes = (mapped: readonly { feeType: string }[]): string[] => {
  const have = new Set(mapped.map((m) => m.feeType));
  return ERP_FEE_TYPES.filter((f) => !have.has(f.value)).map((f) => f.label);
};

/** 生成凭证's result in a sentence, and the failed days to list. */
export const resultText = (r: VoucherRunResult): string =>
  r.made + r.failed === 0
    ? '所选范围内没有需要生成凭证的单据'
    : `生成凭证 ${r.made} 张${r.failed > 0 ? `，失败 ${r.failed} 张` : ''}`;

function Subjects() {
  const { data } = useQuery({
    queryKey: callKey(EAS_SUBJECT, EAS_API.subject.list, 'all'),
    queryFn: () => call(EAS_API.subject.list, { query: { pageSize: 100 } }),
  });
  const missing = data ? unmappedFeeTypes(data.list) : [];
  return (
    <>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`以下费用类型尚未配置科目，含这些费用的门店日凭证将生成失败：${missing.join('、')}`}
        />
      )}
      <ResourceListPage decl={EAS_SUBJECT} />
    </>
  );
}

/** A store of the caller's scope (the page's own call). */
function StoreInput({ value, onChange, disabled, field }: CustomInputProps) {
  return (
    <LookupSelect
      endpoint={EAS_API.stores}
      disabled={disabled}
      aria-label={field.label}
      placeholder="请选择门店"
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}
const STORE_INPUTS = { storeId: StoreInput };

interface GenerateValues {
  storeIds?: number[];
  range?: [Dayjs, Dayjs];
}

function GenerateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<GenerateValues>();
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<VoucherRunResult | null>(null);
  const queryClient = useQueryClient();
  const stores = useQuery({ queryKey: callKey(EAS_STORE, EAS_API.stores), queryFn: () => call(EAS_API.stores, {}) });

  const submit = async () => {
    const v = form.getFieldsValue();
    const body = {
      storeIds: v.storeIds ?? [],
      dayFrom: v.range?.[0]?.format('YYYY-MM-DD') ?? '',
      dayTo: v.range?.[1]?.format('YYYY-MM-DD') ?? '',
    };
    const parsed = voucherGenerateBody.safeParse(body);
    const show = (fields: Record<string, string>) =>
      form.setFields(
        Object.entries(fields).map(([k, errors]) => ({
          name: (k.startsWith('day') ? 'range' : 'storeIds') as keyof GenerateValues,
          errors: [errors],
        })),
      );
    if (!v.range) return show({ dayFrom: '请选择业务日期' });
    if (!parsed.success) return show(fieldErrors(parsed.error));
    setSaving(true);
    try {
      setResult(await call(EAS_API.generate, { body: parsed.data }));
      await queryClient.invalidateQueries({ queryKey: resourceKey(ERP_VOUCHER) });
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) show(fields);
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    setResult(null);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      title="生成凭证"
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={
        result ? (
          <Button type="primary" onClick={close}>
            关闭
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>取消</Button>
            <Popconfirm title="所选门店和日期已生成的凭证将被重新生成，确定生成吗？" onConfirm={() => void submit()}>
              <Button type="primary" loading={saving}>
                生成
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {result ? (
        <>
          <Alert
            type={result.failed > 0 ? 'warning' : 'success'}
            showIcon
            title={resultText(result)}
            style={{ marginBottom: 12 }}
          />
          {result.failures.length > 0 && (
            <List
              size="small"
              header="生成失败的门店日"
              dataSource={result.failures}
              renderItem={(f) => (
                <List.Item>
                  <Typography.Text>
                    {f.storeName} {f.day}：{f.error}
                  </Typography.Text>
                </List.Item>
              )}
            />
          )}
        </>
      ) : (
        <Form form={form} layout="vertical" name="eas-generate">
          <Form.Item name="range" label="业务日期" required extra="一次最多 31 天">
            <DatePicker.RangePicker aria-label="业务日期" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="storeIds" label="门店" extra="不选则为您数据范围内的全部门店">
            <Select
              mode="multiple"
              allowClear
              aria-label="门店"
              placeholder="全部门店"
              optionFilterProp="label"
              options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function Vouchers() {
  const canEdit = useCan(buttonCodeOf('/easConfig', 'edit'));
  const [open, setOpen] = useState(false);
  const download = useExport(EAS_API.download);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const regenerate = async (storeId: number, day: string) => {
    const r = await call(EAS_API.generate, { body: { storeIds: [storeId], dayFrom: day, dayTo: day } });
    await queryClient.invalidateQueries({ queryKey: resourceKey(ERP_VOUCHER) });
    if (r.failed > 0) void message.warning(`仍然失败：${r.failures[0]!.error}`);
  };
  return (
    <>
      <ResourceListPage
        decl={ERP_VOUCHER}
        toolbar={
          canEdit && (
            <Button type="primary" onClick={() => setOpen(true)}>
              生成凭证
            </Button>
          )
        }
        rowActions={(row) =>
          row.status === 'made' ? (
            <Button type="link" size="small" onClick={() => download.start({ body: { id: row.id } })}>
              下载凭证
            </Button>
          ) : (
            canEdit && (
              <Popconfirm
                title="按当前科目映射与门店配置重新生成该凭证，确定吗？"
                onConfirm={() => void regenerate(row.storeId as number, row.day as string)}
              >
                <Button type="link" size="small">
                  重新生成
                </Button>
              </Popconfirm>
            )
          )
        }
      />
      <GenerateModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export default function EasConfigPage() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'subjects', label: '科目映射', children: <Subjects /> },
        { key: 'stores', label: '门店配置', children: <ResourceListPage decl={EAS_STORE} inputs={STORE_INPUTS} /> },
        { key: 'vouchers', label: '凭证', children: <Vouchers /> },
      ]}
    />
  );
}
