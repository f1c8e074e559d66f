/** The sliding sub-panel of one group: its visible children by category, each with its tip line. */
import { MENU_SLIDE_MS } from '@zb/contract/constants';
import { Link } from 'react-router';
import type { MenuGroupModel } from './menuModel';
import styles from './SideMenu.module.css';

interface Props {
  group: MenuGroupModel;
  left: number;
  current: string | undefined;
  onEnter: () => void;
  onLeave: () => void;
  onPick: () => void;
}

export function MenuPanel({ group, left, current, onEnter, onLeave, onPick }: Props) {
  return (
    <section
      data-testid="menu-panel"
      aria-label={`${group.name}菜单`}
      className={styles.panel}
      style={{ left, animationDuration: `${MENU_SLIDE_MS}ms` }}
      onMouseEnter={onEnter}
      onMouseLeave={onLeave}
    >
      {group.categories.map((category) => (
        <div key={category.label} className={styles.category}>
          <h4 className={styles.categoryTitle}>{category.label}</h4>
          <ul className={styles.entries}>
            {category.items.map((leaf) => (
              <li key={leaf.path}>
                <Link
                  to={leaf.path}
                  onClick={onPick}
                  className={`${styles.entry} ${leaf.path === current ? styles.entryCurrent : ''}`}
                  aria-current={leaf.path === current ? 'page' : undefined}
                >
                  {leaf.name}
                  <span className={styles.tip}>{leaf.tip}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
