/** Breadcrumb and title of the page area, from the current route's contract record. */
import { canOpen } from '@zb/contract/access';
import { Breadcrumb, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { pageTitle } from '../platform/brand';
import { useMenuContext } from '../platform/permissions';
import { crumbsOf, titleOf } from './breadcrumb';
import { normalizePath, routeAt } from './currentRoute';

export function PageHeader() {
  const location = useLocation();
  const pathname = normalizePath(location.pathname);
  const route = routeAt(pathname);
  const ctx = useMenuContext();
  const refused = !!route && !canOpen(route, ctx.codes);
  const title = refused ? '' : titleOf(route, pathname);
  const crumbs = refused ? [] : crumbsOf(route, pathname, location.search);

  useEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);

  // A refused page is on its way back to the last allowed one: show nothing of it meanwhile.
  if (refused) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <nav data-testid="breadcrumb" aria-label="面包屑">
        <Breadcrumb
          items={crumbs.map((c, i) => ({
            // By position: a page may be named like its group (审批中心 in 审批中心), so a key
            // made of titles repeats; the trail is rebuilt on each render, its order is its identity.
            key: i,
            title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title,
          }))}
        />
      </nav>
      <Typography.Title level={3} style={{ margin: '12px 0 0' }}>
        {title}
      </Typography.Title>
    </div>
  );
}
