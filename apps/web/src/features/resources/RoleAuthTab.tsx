/** 角色授权: pick a role, check its groups, categories, pages and buttons, 保存. */
import { CaretDownFilled } from '@ant-design/icons';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import type { RoleBrief } from '@zb/contract/api/resources';
import { Button, Empty, Select, Space, Spin, Tree, Typography } from 'antd';
import { useMemo } from 'react';
import { useCan } from '../../platform/permissions';
import type { AuthNode } from './authTree';
import { useRoleAuth } from './useRoleAuth';

interface Props {
  roleId: number | null;
  /** Asks before leaving unsaved changes; resolves whether to go on. */
  onPickRole: (roleId: number, dirty: boolean) => void;
}

const roleOptions = (roles: readonly RoleBrief[]) => {
  const boxes = new Map<string, { label: string; options: { label: string; value: number }[] }>();
  for (const r of roles) {
    const box = boxes.get(r.hierName) ?? { label: r.hierName, options: [] };
    box.options.push({ label: r.name, value: r.id });
    boxes.set(r.hierName, box);
  }
  return [...boxes.values()];
};

type TreeItem = { key: string; title: string; children?: TreeItem[] };

const toTreeData = (nodes: readonly AuthNode[]): TreeItem[] =>
  nodes.map((n) => ({
    key: n.key,
    title: n.title,
    ...(n.children.length ? { children: toTreeData(n.children) } : {}),
  }));

export function RoleAuthTab({ roleId, onPickRole }: Props) {
  const auth = useRoleAuth(roleId);
  const canEdit = useCan(buttonCodeOf('/resourceList', 'edit'));
  const treeData = useMemo(() => toTreeData(auth.tree), [auth.tree]);
  const role = auth.roles.find((r) => r.id === roleId);

  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        <span>角色</span>
        <Select
          aria-label="选择角色"
          placeholder="请选择角色"
          style={{ width: 260 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={roleId ?? undefined}
          options={roleOptions(auth.roles)}
          onChange={(v: number) => onPickRole(v, auth.dirty)}
        />
        {role && <Typography.Text type="secondary">{role.description}</Typography.Text>}
      </Space>
      {roleId === null ? (
        <Empty description="请选择要授权的角色" />
      ) : (
        <Spin spinning={auth.loading}>
          <Typography.Paragraph type="secondary">
            勾选页面即包含其菜单分组，勾选按钮即包含其页面；已选 {auth.heldCount} 项。
            {auth.dirty && <Typography.Text type="warning"> 有未保存的修改。</Typography.Text>}
          </Typography.Paragraph>
          <Tree
            checkable
            checkStrictly
            selectable={false}
            switcherIcon={({ expanded }) => <CaretDownFilled aria-label={expanded ? '收起' : '展开'} />}
            disabled={!canEdit}
            height={560}
            treeData={treeData}
            checkedKeys={auth.checked}
            onCheck={(_keys, info) => auth.check(String(info.node.key), info.checked)}
          />
          {canEdit && (
            <Space style={{ marginTop: 16 }}>
              <Button type="primary" disabled={!auth.dirty} loading={auth.saving} onClick={() => void auth.save()}>
                保存
              </Button>
              <Button disabled={!auth.dirty} onClick={auth.discard}>
                撤销修改
              </Button>
            </Space>
          )}
        </Spin>
      )}
    </div>
  );
}
