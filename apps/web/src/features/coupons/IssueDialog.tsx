/**
 * 发放 of a template: to members typed or pasted (phones or 会员编号), to every member of a store,
 * or to a crowd (its live count shown; issued as a job whose progress is shown until it ends);
 * then what was issued and what failed (the failures stay on /couponsResend).
 */

import { useQuery } from '@tanstack/react-query';
import type { CouponIssueResult } from '@zb/contract/entities/coupon';
import { REPORT_PICKER_API } from '@zb/contract/report/pickers';
import { Alert, Form, Input, List, Modal, Progress, Radio, Select } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../platform/apiError';
import { call } from '../../platform/http';
import { issueCoupons, splitList, useCrowdCount, useIssueCrowds, useIssueProgress, useRefreshCoupons } from './api';

export function IssueDialog({ template, onClose }: { template: { id: number; name: string }; onClose: () => void }) {
  const [source, setSource] = useState<'members' | 'store' | 'crowd'>('members');
  const [crowdId, setCrowdId] = useState<number | undefined>();
  const [keys, setKeys] = useState('');
  const [storeId, setStoreId] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CouponIssueResult | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshCoupons();
  const stores = useQuery({ queryKey: ['coupons', 'stores'], queryFn: () => call(REPORT_PICKER_API.store) });
  const crowds = useIssueCrowds(source === 'crowd');
  const crowdCount = useCrowdCount(source === 'crowd' ? crowdId : undefined);
  const progress = useIssueProgress(result?.issueId, result?.state === 'running');
  const shown = progress.data ?? result;
  const running = shown?.state === 'running';

  const submit = async () => {
    setError(null);
    const memberKeys = splitList(keys);
    if (source === 'members' && memberKeys.length === 0) return setError('请填写会员手机号或会员编号');
    if (source === 'store' && !storeId) return setError('请选择门店');
    if (source === 'crowd' && !crowdId) return setError('请选择人群');
    setBusy(true);
    try {
      setResult(
        await issueCoupons(
          source === 'members'
            ? { templateId: template.id, source, memberKeys }
            : source === 'store'
              ? { templateId: template.id, source, storeId }
              : { templateId: template.id, source, crowdId },
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
      okText={result ? (running ? '后台继续发放，关闭' : '完成') : '发放'}
      confirmLoading={busy}
      onOk={result ? () => void refresh().then(onClose) : submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {shown ? (
        <>
          {shown.total > 0 && (
            <Progress
              aria-label="发放进度"
              percent={Math.floor((shown.done * 100) / shown.total)}
              status={shown.state === 'failed' ? 'exception' : running ? 'active' : 'success'}
              format={() => `${shown.done} / ${shown.total}`}
            />
          )}
          {shown.state === 'failed' ? (
            <Alert
              type="error"
              showIcon
              message={`发放失败：${shown.failure ?? ''}`}
              description={`已发放 ${shown.issued} 张，失败 ${shown.failed} 人`}
            />
          ) : (
            <Alert
              type={running ? 'info' : shown.failed ? 'warning' : 'success'}
              showIcon
              message={`${running ? '发放进行中：已' : '成功'}发放 ${shown.issued} 张，失败 ${shown.failed} 人`}
              description={shown.failed ? '失败记录可在「优惠券补发」中查看并补发' : undefined}
            />
          )}
          {shown.failures.length > 0 && (
            <List
              size="small"
              dataSource={shown.failures}
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
              <Radio value="crowd">按人群</Radio>
            </Radio.Group>
          </Form.Item>
          {source === 'crowd' ? (
            <Form.Item
              label="人群"
              help={
                crowdId === undefined
                  ? '发放时按人群条件生成快照，发给快照中您数据范围内的会员'
                  : crowdCount.data
                    ? `当前符合条件的会员：${crowdCount.data.count} 人`
                    : '正在计算人数…'
              }
            >
              <Select<number>
                aria-label="人群"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="请选择人群"
                value={crowdId}
                onChange={setCrowdId}
                loading={crowds.isLoading}
                notFoundContent="暂无人群，请先在「人群管理」中新建"
                options={(crowds.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          ) : source === 'members' ? (
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
