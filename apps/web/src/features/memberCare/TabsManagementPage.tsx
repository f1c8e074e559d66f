/**
 * /tabsManagement (会员标签) on the resource engine, the rule of a rule tag with its own input;
 * per row 会员 (the tag's members of the user's scope: 打标签 by phone or 会员编号 and 移除 for a
 * manual tag) and, for a rule tag, 立即计算. Head office defines tags; the server refuses others.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { MEMBER_TAG, MEMBER_TAG_API, type TagMemberDto } from '@zb/contract/entities/memberCare';
import type { RowOf } from '@zb/contract/resource/define';
import { formatDateTime } from '@zb/contract/time';
import { Button, Drawer, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { confirm, showAlert } from '../../platform/alerts';
import { call } from '../../platform/http';
import { useButtons } from '../../platform/permissions';
import { resourceKey } from '../../platform/queryClient';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { TagRuleInput } from './TagRuleInput';

type TagRow = RowOf<typeof MEMBER_TAG>;

const PAGE = 10;

/** Phones or 会员编号 typed or pasted, separated by spaces, commas or new lines. */
export const keysOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,，;；]+/)
      .map((k) => k.trim())
      .filter(Boolean),
  ),
];

export function TagMembers({ tag, canEdit }: { tag: TagRow; canEdit: boolean }) {
  const client = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [keys, setKeys] = useState('');
  const q = useQuery({
    queryKey: [...resourceKey(MEMBER_TAG), 'members', tag.id, pageNo, keyword],
    queryFn: () =>
      call(MEMBER_TAG_API.members, { query: { tagId: tag.id, pageNo, pageSize: PAGE, keyword: keyword || undefined } }),
  });
  const manual = tag.kind === 'manual';
  const refresh = () => client.invalidateQueries({ queryKey: resourceKey(MEMBER_TAG) });
  const assign = async () => {
    const memberKeys = keysOf(keys);
    if (!memberKeys.length) return;
    const r = await call(MEMBER_TAG_API.assign, { body: { tagId: tag.id, memberKeys } });
    setKeys('');
    void showAlert('success', `已打标签 ${r.added} 人${r.already ? `，${r.already} 人已有此标签` : ''}`);
    await refresh();
  };
  const remove = async (m: TagMemberDto) => {
    if (!(await confirm(`确定移除会员「${m.memberName}」的标签「${tag.name}」？`))) return;
    await call(MEMBER_TAG_API.unassign, { body: { tagId: tag.id, memberIds: [m.memberId] } });
    await refresh();
  };
  return (
    <div>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          aria-label="查找会员"
          placeholder="姓名、手机号或会员编号"
          allowClear
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNo(1);
          }}
          style={{ width: 240 }}
        />
      </Space>
      {manual && canEdit && tag.enabled && (
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Input
            aria-label="会员手机号或编号"
            placeholder="输入会员手机号或会员编号，多个以空格或逗号分隔"
            value={keys}
            onChange={(e) => setKeys(e.target.value)}
          />
          <Button type="primary" onClick={() => void assign()} disabled={!keysOf(keys).length}>
            打标签
          </Button>
        </Space.Compact>
      )}
      <Table<TagMemberDto>
        aria-label="标签会员"
        rowKey="memberId"
        size="small"
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: '暂无会员' }}
        pagination={{
          current: pageNo,
          pageSize: PAGE,
          total: q.data?.total ?? 0,
          onChange: setPageNo,
          showTotal: (n) => `共 ${n} 条`,
        }}
        columns={[
          { title: '会员编号', dataIndex: 'memberCode', width: 120 },
          { title: '会员', dataIndex: 'memberName', width: 90 },
          { title: '手机号', dataIndex: 'phone', width: 120 },
          { title: '所属门店', dataIndex: 'storeName', width: 130 },
          {
            title: '来源',
            dataIndex: 'source',
            width: 80,
            render: (v: string) => (v === 'rule' ? <Tag color="purple">规则</Tag> : <Tag color="blue">手动</Tag>),
          },
          { title: '打标时间', dataIndex: 'assignedAt', width: 170, render: (v: string) => formatDateTime(v) },
          { title: '操作人', dataIndex: 'assignedByName', width: 100, render: (v: string | null) => v ?? '—' },
          ...(manual && canEdit
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 70,
                  render: (_: unknown, m: TagMemberDto) => (
                    <Button type="link" size="small" danger onClick={() => void remove(m)}>
                      移除
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

export default function TabsManagementPage() {
  const client = useQueryClient();
  const can = useButtons();
  const canEdit = can(buttonCodeOf('/tabsManagement', 'edit'));
  const [open, setOpen] = useState<TagRow | null>(null);
  const evaluate = async (row: TagRow) => {
    const r = await call(MEMBER_TAG_API.evaluate, { params: { id: row.id } });
    void showAlert('success', `计算完成：共 ${r.memberCount} 人（新增 ${r.added}，移除 ${r.removed}）`);
    await client.invalidateQueries({ queryKey: resourceKey(MEMBER_TAG) });
  };
  return (
    <>
      <ResourceListPage
        decl={MEMBER_TAG}
        inputs={{ rule: TagRuleInput }}
        rowActions={(row) => (
          <>
            <Button type="link" size="small" onClick={() => setOpen(row)}>
              会员
            </Button>
            {row.kind === 'rule' && row.enabled && canEdit && (
              <Button type="link" size="small" onClick={() => void evaluate(row)}>
                立即计算
              </Button>
            )}
          </>
        )}
      />
      <Drawer
        title={open ? `标签会员：${open.name}` : ''}
        open={!!open}
        size="large"
        onClose={() => setOpen(null)}
        destroyOnHidden
      >
        {open && <TagMembers tag={open} canEdit={canEdit} />}
      </Drawer>
    </>
  );
}
