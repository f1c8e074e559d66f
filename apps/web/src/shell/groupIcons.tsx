/** Icon of each menu group, keyed by the contract's icon name (the compiler checks every name has one). */
import {
  AuditOutlined,
  BarChartOutlined,
  GiftOutlined,
  MessageOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { GROUPS } from '@zb/contract/groups';
import type { ReactNode } from 'react';

export const GROUP_ICONS: Record<(typeof GROUPS)[number]['icon'], ReactNode> = {
  shopping: <ShoppingOutlined />,
  shop: <ShopOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
  mall: <ShoppingCartOutlined />,
  gift: <GiftOutlined />,
  order: <ProfileOutlined />,
  report: <BarChartOutlined />,
  audit: <AuditOutlined />,
  message: <MessageOutlined />,
  setting: <SettingOutlined />,
  tool: <ToolOutlined />,
  safety: <SafetyOutlined />,
};
