/** Test data of the hierarchy pages: a headquarters user with both pages and their buttons, and a stub server. */

import type {
  ContentNode,
  HierBox,
  HierRole,
  MemberCandidate,
  MemberCheck,
  RoleMember,
} from '@zb/contract/api/hierarchy';
import { HIER_ARCH_PAGE, HIER_BUTTONS, HIER_ROLES_PAGE } from '@zb/contract/api/hierarchy';
import { resourceCode } from '@zb/contract/routeTable/define';
import { setSessionUser } from '../../platform/session';
import { envelope, type Reply, sessionUser, stubFetch } from '../../test/fixtures';

const page = (path: string, name: string, group = 'ZBHT-YGGL') => ({
  code: resourceCode(group as 'ZBHT-YGGL', path),
  name,
  description: '',
});

export const signInAsHq = (over: { hierName?: string; btn?: string[] } = {}) =>
  setSessionUser(
    sessionUser({
      menu: [
        { code: 'ZBHT-YGGL', name: '员工管理', description: '' },
        page(HIER_ARCH_PAGE, '层级架构'),
        page(HIER_ROLES_PAGE, '层级角色'),
        { code: 'ZBHT-JCGL', name: '基础管理', description: '' },
        page('/resourceList', '资源管理', 'ZBHT-JCGL'),
      ],
      btn: over.btn ?? [...Object.values(HIER_BUTTONS.arch), ...Object.values(HIER_BUTTONS.roles)],
      roleName: '总部运营',
      hierName: over.hierName ?? '总部',
    }),
  );

export const BOXES: HierBox[] = [
  { id: 1, name: '总部', level: 'hq', levelName: '总部', contentCount: 1, roleCount: 2, memberCount: 1 },
  { id: 2, name: '大区', level: 'region', levelName: '大区', contentCount: 1, roleCount: 1, memberCount: 1 },
];

export const ROLES: HierRole[] = [
  { id: 5, hierId: 1, code: 'HQ_OPS', name: '总部运营', description: '运营', contentCount: 1, memberCount: 1 },
  { id: 6, hierId: 1, code: 'HQ_R0006', name: '总部培训', description: '', contentCount: 0, memberCount: 0 },
];

export const CONTENTS: ContentNode[] = [
  {
    id: 10,
    hierId: 2,
    name: '华东大区',
    regionId: 1,
    storeId: null,
    roles: [{ contentRoleId: 30, roleId: 7, roleCode: 'REGION_MANAGER', roleName: '大区经理', memberCount: 1 }],
  },
];

export const MEMBERS: RoleMember[] = [
  {
    userRoleId: 40,
    userId: 3,
    loginName: '13800000002',
    nickname: '李强',
    phone: '13800000002',
    enabled: true,
    contentId: 10,
    contentName: '华东大区',
    addedAt: '2026-11-01 09:00:00',
  },
];

export const CANDIDATES: MemberCandidate[] = [
  { id: 3, loginName: '13800000002', nickname: '李强', phone: '13800000002', enabled: true, kind: 'hq' },
  { id: 8, loginName: '13900000008', nickname: '周婷', phone: '13900000008', enabled: true, kind: 'hq' },
];

const checkOf = (userId: number): MemberCheck => {
  const account = CANDIDATES.find((c) => c.id === userId)!;
  const already = userId === 3;
  return {
    allowed: !already,
    reason: already ? '该账号已是此角色的成员' : null,
    account,
    contentName: '华东大区',
    roleName: '大区经理',
  };
};

/** Answers every /rest/hier call from the data above; `override` answers first when it returns a reply. */
export const hierServer = (override: (path: string, url: URL) => Reply | undefined = () => undefined) =>
  stubFetch((raw) => {
    const url = new URL(raw, 'http://localhost');
    const path = url.pathname;
    const own = override(path, url);
    if (own) return own;
    const q = (k: string) => Number(url.searchParams.get(k));
    switch (path) {
      case '/rest/hier/hierarchyBox':
        return { body: envelope(BOXES) };
      case '/rest/hier/findRole':
        return { body: envelope(ROLES.filter((r) => r.hierId === q('hierId'))) };
      case '/rest/hier/hierarchyBoxContent':
        return { body: envelope(CONTENTS.filter((c) => c.hierId === q('hierId'))) };
      case '/rest/hier/findByRoleMember':
        return { body: envelope(MEMBERS) };
      case '/rest/hier/allMember':
        return { body: envelope({ list: CANDIDATES, total: CANDIDATES.length }) };
      case '/rest/hier/addHierContentRoleMemberCheck':
        return { body: envelope(checkOf(q('userId'))) };
      case '/rest/hier/addHierContentRoleMember':
        return { body: envelope({ ...MEMBERS[0], userRoleId: 41, userId: q('userId') }) };
      default:
        return { body: envelope(null) };
    }
  });

export const callsTo = (fetch: ReturnType<typeof stubFetch>, path: string) =>
  fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.split('?')[0] === path);
