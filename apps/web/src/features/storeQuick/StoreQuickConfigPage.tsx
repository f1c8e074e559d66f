/**
 * /storeQuickConfig (门店快捷入口): the quick entries the store-side app shows to a store role, in
 * order; a store may have its own set instead of the role's default.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { STORE_QUICK_MAX } from '@zb/contract/api/storeQuick';
import { Alert, Button, Card, Col, Empty, List, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { confirm } from '../../platform/alerts';
import { useCan } from '../../platform/permissions';
import { useStoreQuick } from './useStoreQuick';

export default function StoreQuickConfigPage() {
  const q = useStoreQuick();
  const canEdit = useCan(buttonCodeOf('/storeQuickConfig', 'edit'));
  const overriding = new Set(q.config?.overrideStoreIds ?? []);

  const leaveDraft = async () => !q.dirty || (await confirm('快捷入口尚未保存，确定放弃修改？'));
  const pick = async (next: { roleId: number | null; storeId: number | null }) => {
    if (await leaveDraft()) q.pick(next);
  };
  const restore = async () => {
    if (await confirm('确定删除该门店的专属快捷入口，恢复为角色默认？')) await q.restoreRoleDefault();
  };

  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        <span>门店角色</span>
        <Select
          aria-label="门店角色"
          placeholder="请选择门店角色"
          style={{ width: 200 }}
          value={q.roleId ?? undefined}
          options={q.roles.map((r) => ({ label: r.name, value: r.id }))}
          onChange={(roleId: number) => void pick({ roleId, storeId: null })}
          notFoundContent="暂无门店层级的角色"
        />
        <span>门店</span>
        <Select
          aria-label="门店"
          placeholder="全部门店（角色默认）"
          allowClear
          style={{ width: 260 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={q.storeId ?? undefined}
          options={q.stores.map((s) => ({
            label: `${s.name}（${s.regionName}）${overriding.has(s.id) ? ' · 已单独设置' : ''}`,
            value: s.id,
          }))}
          onChange={(storeId?: number) => void pick({ roleId: q.roleId, storeId: storeId ?? null })}
        />
      </Space>
      {q.storeId !== null && q.config && (
        <Alert
          style={{ marginBottom: 16 }}
          type={q.config.source === 'store' ? 'success' : 'info'}
          showIcon
          title={
            q.config.source === 'store'
              ? '该门店使用单独设置的快捷入口'
              : '该门店使用角色默认的快捷入口；保存后将成为该门店的单独设置'
          }
          action={
            q.config.source === 'store' && canEdit ? (
              <Button size="small" onClick={() => void restore()}>
                恢复角色默认
              </Button>
            ) : undefined
          }
        />
      )}
      {q.roleId === null ? (
        <Empty description="请选择门店角色" />
      ) : (
        <Spin spinning={q.loading}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Card title={`已选入口（${q.codes.length}/${STORE_QUICK_MAX}，按顺序显示）`} size="small">
                <List
                  dataSource={q.entries}
                  locale={{ emptyText: <Empty description="尚未选择快捷入口" /> }}
                  renderItem={(e, i) => (
                    <List.Item
                      actions={
                        canEdit
                          ? [
                              <Button
                                key="up"
                                size="small"
                                aria-label={`上移 ${e.name}`}
                                icon={<ArrowUpOutlined />}
                                disabled={i === 0}
                                onClick={() => q.move(e.code, -1)}
                              />,
                              <Button
                                key="down"
                                size="small"
                                aria-label={`下移 ${e.name}`}
                                icon={<ArrowDownOutlined />}
                                disabled={i === q.entries.length - 1}
                                onClick={() => q.move(e.code, 1)}
                              />,
                              <Button
                                key="remove"
                                size="small"
                                danger
                                aria-label={`移除 ${e.name}`}
                                icon={<DeleteOutlined />}
                                onClick={() => q.remove(e.code)}
                              />,
                            ]
                          : []
                      }
                    >
                      <Space>
                        <Typography.Text type="secondary">{i + 1}</Typography.Text>
                        <span>{e.name}</span>
                      </Space>
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card title="可选入口（点击添加）" size="small">
                <Space wrap>
                  {q.base.map((b) => {
                    const chosen = q.codes.includes(b.code);
                    const full = q.codes.length >= STORE_QUICK_MAX;
                    return (
                      <Tag.CheckableTag
                        key={b.code}
                        checked={chosen}
                        onChange={() => {
                          if (!canEdit) return;
                          if (chosen) q.remove(b.code);
                          else if (!full) q.add(b.code);
                        }}
                      >
                        {b.name}
                      </Tag.CheckableTag>
                    );
                  })}
                </Space>
              </Card>
            </Col>
          </Row>
          {canEdit && (
            <Space style={{ marginTop: 16 }}>
              <Button type="primary" disabled={!q.dirty} loading={q.saving} onClick={() => void q.save()}>
                保存
              </Button>
              <Button disabled={!q.dirty} onClick={q.discard}>
                撤销修改
              </Button>
            </Space>
          )}
        </Spin>
      )}
    </div>
  );
}
