/** /welcome: who is signed in, as which role and data level, and a quick way into each group they may open. */
import { RightOutlined } from '@ant-design/icons';
import { GROUPS } from '@zb/contract/groups';
import { firstVisibleChild, menuGroups } from '@zb/contract/routes';
import { Card, Col, Descriptions, Empty, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { resourceOf, useMenuContext } from '../../platform/permissions';
import { useSessionUser } from '../../platform/session';

interface QuickLink {
  code: string;
  group: string;
  path: string;
  title: string;
}

export default function WelcomePage() {
  const user = useSessionUser();
  const ctx = useMenuContext();
  const links = useMemo<QuickLink[]>(
    () =>
      menuGroups(ctx).flatMap((g) => {
        const first = firstVisibleChild(g.code, ctx);
        if (!first) return [];
        const group = resourceOf(user, g.code)?.name || (GROUPS.find((x) => x.code === g.code)?.name ?? g.code);
        const title = resourceOf(user, first.code)?.name || first.title;
        return [{ code: g.code, group, path: first.path, title }];
      }),
    [ctx, user],
  );
  if (!user) return null;

  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        您好，{user.nickname}
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 24 }}>
        <Descriptions.Item label="账号">{user.loginName}</Descriptions.Item>
        <Descriptions.Item label="角色">{user.roleName}</Descriptions.Item>
        <Descriptions.Item label="数据层级">{user.hierName || '—'}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>快捷入口</Typography.Title>
      {links.length === 0 ? (
        <Empty description="当前角色暂无可访问的菜单" />
      ) : (
        <Row gutter={[16, 16]}>
          {links.map((link) => (
            <Col key={link.code} xs={24} sm={12} md={8} xl={6}>
              <Link to={link.path} aria-label={`${link.group}：${link.title}`}>
                <Card hoverable size="small">
                  <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                    <div>
                      <div style={{ fontWeight: 600 }}>{link.group}</div>
                      <Typography.Text type="secondary">{link.title}</Typography.Text>
                    </div>
                    <RightOutlined style={{ color: 'rgba(0,0,0,0.25)' }} />
                  </div>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
