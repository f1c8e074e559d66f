/** /welcome: the signed-in user and role, their shortcuts (设置快捷入口), unread notices and pending approvals. */
import { SettingOutlined } from '@ant-design/icons';
import { SHORTCUTS_PER_ROW } from '@zb/contract/constants';
import { Button, Card, Col, Descriptions, Empty, Row, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ShortcutPicker } from '../../platform/inputs/ShortcutPicker';
import { tileRows } from '../../platform/inputs/shortcuts';
import { NOTICE_CENTER_PATH } from '../../platform/notices/api';
import { useUnreadCount } from '../../platform/notices/useUnreadCount';
import { APPROVAL_CENTER_PATH, shortcutPath, useWelcome } from './useWelcome';

const TILE_WIDTH = `${100 / SHORTCUTS_PER_ROW}%`;

export default function WelcomePage() {
  const w = useWelcome();
  const unread = useUnreadCount();
  const [picking, setPicking] = useState(false);
  if (!w.user) return null;
  const quicks = w.role?.quicks ?? [];

  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        您好，{w.user.nickname}
      </Typography.Title>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 24 }}>
        <Descriptions.Item label="账号">{w.user.loginName}</Descriptions.Item>
        <Descriptions.Item label="角色">{w.user.roleName}</Descriptions.Item>
        <Descriptions.Item label="数据层级">{w.user.hierName || '—'}</Descriptions.Item>
      </Descriptions>
      <Row gutter={16} style={{ marginBottom: 24 }}>
        <Col>
          <Link to={NOTICE_CENTER_PATH}>
            <Card size="small" hoverable>
              <Statistic title="未读付款通知" value={unread} suffix="条" />
            </Card>
          </Link>
        </Col>
        {w.mayApprove && w.pendingApprovals !== null && (
          <Col>
            <Link to={APPROVAL_CENTER_PATH}>
              <Card size="small" hoverable>
                <Statistic title="待审批" value={w.pendingApprovals} suffix="条" />
              </Card>
            </Link>
          </Col>
        )}
      </Row>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Title level={5}>快捷入口</Typography.Title>
        {w.role && w.userId && (
          <Button icon={<SettingOutlined />} onClick={() => setPicking(true)}>
            设置快捷入口
          </Button>
        )}
      </div>
      {quicks.length === 0 ? (
        <Empty description="暂无快捷入口" />
      ) : (
        tileRows(quicks).map((row) => (
          <Row key={row[0]?.resourcesId} gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="shortcut-row">
            {row.map((q) => {
              const path = shortcutPath(q.rsrc);
              return (
                <Col key={q.resourcesId} style={{ width: TILE_WIDTH, flex: `0 0 ${TILE_WIDTH}` }}>
                  <Card size="small" hoverable>
                    {path ? <Link to={path}>{q.name}</Link> : q.name}
                  </Card>
                </Col>
              );
            })}
          </Row>
        ))
      )}
      {w.role && w.userId && (
        <ShortcutPicker
          open={picking}
          roleId={w.role.roleId}
          userId={w.userId}
          quicks={quicks}
          onClose={() => setPicking(false)}
          onSaved={() => void w.refetchInfo()}
        />
      )}
    </div>
  );
}
