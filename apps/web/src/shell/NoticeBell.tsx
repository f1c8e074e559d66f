/** The top bar's bell (SPEC §4 "Bell"): the unread payment-notice count as a badge; a click opens /taskCenterBoss. */
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useNavigate } from 'react-router';
import { NOTICE_CENTER_PATH } from '../platform/notices/api';
import { useUnreadCount } from '../platform/notices/useUnreadCount';

export function NoticeBell() {
  const count = useUnreadCount();
  const navigate = useNavigate();
  return (
    <Button
      type="text"
      aria-label={count > 0 ? `付款通知，${count} 条未读` : '付款通知'}
      data-testid="notice-bell"
      onClick={() => navigate(NOTICE_CENTER_PATH)}
      icon={
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      }
    />
  );
}
