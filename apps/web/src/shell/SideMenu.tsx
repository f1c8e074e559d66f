/** The left menu: the user's groups, their visible children by category; the selection follows the location. */
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMenuContext } from '../platform/permissions';
import { useSessionUser } from '../platform/session';
import { useCurrentRoute } from './currentRoute';
import { GROUP_ICONS } from './groupIcons';
import { buildMenu, type MenuGroupModel, menuKeyOf } from './menuModel';

type Items = NonNullable<MenuProps['items']>;

const toItems = (groups: MenuGroupModel[], go: (path: string) => void): Items =>
  groups.map((g) => ({
    key: g.code,
    label: g.name,
    icon: GROUP_ICONS[g.icon],
    onTitleClick: () => go(g.first),
    children: g.categories.map((c) => ({
      type: 'group' as const,
      key: `${g.code}/${c.label}`,
      label: c.label,
      children: c.items.map((leaf) => ({
        key: leaf.path,
        label: <span title={leaf.tip}>{leaf.name}</span>,
      })),
    })),
  }));

export function SideMenu() {
  const user = useSessionUser();
  const ctx = useMenuContext();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const groups = useMemo(() => buildMenu(user, ctx), [user, ctx]);
  const items = useMemo(() => toItems(groups, (path) => navigate(path)), [groups, navigate]);

  const selected = menuKeyOf(route);
  const [openKeys, setOpenKeys] = useState<string[]>(route ? [route.group] : []);
  useEffect(() => {
    if (route) setOpenKeys((keys) => (keys.includes(route.group) ? keys : [route.group]));
  }, [route]);

  return (
    <nav data-testid="side-menu" aria-label="主菜单">
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        selectedKeys={selected ? [selected] : []}
        openKeys={openKeys}
        onOpenChange={(keys) => setOpenKeys(keys.slice(-1))}
        onClick={({ key }) => navigate(key)}
      />
    </nav>
  );
}
