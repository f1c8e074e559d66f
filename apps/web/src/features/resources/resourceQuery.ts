/** The /resourceList URL: `?tab=role&roleId=7` opens 角色授权 with role 7 chosen. */
export type ResourceTabKey = 'resource' | 'role';

export interface ResourcePageParams {
  tab: ResourceTabKey;
  roleId: number | null;
}

export const parseResourceParams = (search: URLSearchParams): ResourcePageParams => {
  const id = Number(search.get('roleId'));
  return {
    tab: search.get('tab') === 'role' ? 'role' : 'resource',
    roleId: Number.isInteger(id) && id > 0 ? id : null,
  };
};

export const resourceSearch = (p: ResourcePageParams): string => {
  const s = new URLSearchParams();
  if (p.tab === 'role') s.set('tab', 'role');
  if (p.roleId !== null) s.set('roleId', String(p.roleId));
  const text = s.toString();
  return text ? `?${text}` : '';
};
