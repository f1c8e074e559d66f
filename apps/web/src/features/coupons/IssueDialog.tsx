/**
 * 发放 of a template: to members typed or pasted (phones or 会员编号), or to every member of a
 * store; then what was issued and what failed (the failures stay on /couponsResend).
 */

import { useQuery } from '@tanstack/react-query';
import type { CouponIssueResult } from '@zb/contract/entities/coupon';
import { REPORT_PICKER_API } from '@zb/contract/report/pickers';
import { Alert, Form, Input, List, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../platform/apiError';
import { call } from '../../platform/http';
import { issueCoupons, splitList, useRefreshCoupons } from './api';

export function IssueDialog({ template, onClose }: { template: { id: number; name: string }; onClose: () => void }) {
  const [source, setSource] = useState<'members' | 'store'>('members');
  const [keys, setKeys] = useState('');
  const [storeId, setStoreId] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CouponIssueResult | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshCoupons();
  const stores = useQuery({ queryKey: ['coupons', 'stores'], queryFn: () => call(REPORT_PICKER_API.store) });

  const submit = async () => {
    setError(null);
    const memberKeys = splitList(keys);
    if (source === 'members' && memberKeys.length === 0) return setError('请填写会员手机号或会员编号');
    if (source === 'store' && !storeId) return setError('请选择门店');
    setBusy(true);
    try {
      setResult(
        await issueCoupons(
          source === 'members'
            ? { templateId: template.id, source, memberKeys }
            : { templateId: template.id, source, storeId },
        ),
      );
      await refresh();
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`发放优惠券：${template.name}`}
      okText={result ? '完成' : '发放'}
      confirmLoading={busy}
      onOk={result ? onClose : submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {result ? (
        <>
          <Alert
            type={result.failed ? 'warning' : 'success'}
            showIcon
            message={`成功发放 ${result.issued} 张，失败 ${result.failed} 人`}
            description={result.failed ? '失败记录可在「优惠券补发」中查看并补发' : undefined}
          />
          {result.failures.length > 0 && (
            <List
              size="small"
              dataSource={result.failures}
              renderItem={(f) => (
                <List.Item>
                  {f.target}：{f.reason}
                </List.Item>
              )}
            />
          )}
        </>
      ) : (
        <Form layout="vertical">
          <Form.Item label="发放方式">
            <Radio.Group value={source} onChange={(e) => setSource(e.target.value)}>
              <Radio value="members">指定会员</Radio>
              <Radio value="store">门店会员</Radio>
            </Radio.Group>
          </Form.Item>
          {source === 'members' ? (
            <Form.Item label="会员手机号或会员编号" help="每行一个，或用逗号分隔；可从表格粘贴">
              <Input.TextArea
                aria-label="会员手机号或会员编号"
                rows={6}
                value={keys}
                onChange={(e) => setKeys(e.target.value)}
              />
            </Form.Item>
          ) : (
            <Form.Item label="门店" help="发放给所属门店为该门店的全部会员">
              <Select<number>
                aria-label="门店"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="请选择门店"
                value={storeId}
                onChange={setStoreId}
                loading={stores.isLoading}
                options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              />
            </Form.Item>
          )}
          {error && <Alert type="error" showIcon message={error} />}
        </Form>
      )}
    </Modal>
  );
}
