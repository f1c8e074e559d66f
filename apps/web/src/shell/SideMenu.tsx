/**
 * The left menu (SPEC §2.2): the user's top-level groups with their icons; hovering a group opens
 * its sliding sub-panel, clicking it goes to its first visible child. The group of the current
 * route stays highlighted.
 */
import type { GroupCode } from '@zb/contract/groups';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useMenuContext } from '../platform/permissions';
import { useSessionUser } from '../platform/session';
import { useCurrentRoute } from './currentRoute';
import { GROUP_ICONS } from './groupIcons';
import { MenuPanel } from './MenuPanel';
import { buildMenu, menuKeyOf } from './menuModel';
import styles from './SideMenu.module.css';
import { useHoverPanel } from './useHoverPanel';

export function SideMenu({ width }: { width: number }) {
  const user = useSessionUser();
  const ctx = useMenuContext();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const groups = useMemo(() => buildMenu(user, ctx), [user, ctx]);
  const hover = useHoverPanel<GroupCode>();
  const open = groups.find((g) => g.code === hover.openKey);

  return (
    <nav
      data-testid="side-menu"
      aria-label="主菜单"
      onMouseLeave={hover.leave}
      onKeyDown={(e) => {
        if (e.key === 'Escape') hover.close();
      }}
    >
      <ul className={styles.menu}>
        {groups.map((g) => {
          const active = route?.group === g.code;
          return (
            <li key={g.code}>
              <button
                type="button"
                className={`${styles.group} ${active ? styles.active : ''} ${hover.openKey === g.code ? styles.hovered : ''}`}
                aria-current={active ? 'true' : undefined}
                aria-expanded={hover.openKey === g.code}
                onMouseEnter={() => hover.enterGroup(g.code)}
                onFocus={() => hover.openNow(g.code)}
                onClick={() => {
                  hover.close();
                  if (g.first) navigate(g.first);
                }}
              >
                {GROUP_ICONS[g.icon]}
                <span>{g.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {open && (
        <MenuPanel
          group={open}
          left={width}
          current={menuKeyOf(route)}
          onEnter={hover.enterPanel}
          onLeave={hover.leave}
          onPick={hover.close}
        />
      )}
    </nav>
  );
}
