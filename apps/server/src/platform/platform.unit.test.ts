import { ERR } from '@zb/contract/errcodes';
import { formatClock, formatDateTime } from '@zb/contract/time';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { userQuick } from '../modules/resources/schema';
import { pathOnly } from './audit';
import { httpStatusOf } from './errors';
import { redactUrl } from './requestLog';
import { scopeOfContent, storeScopeFilter, storeTableScope } from './scope';

describe('Beijing time', () => {
  it('formats dates as YYYY-MM-DD HH:mm:ss in UTC+8, across midnight', () => {
    expect(formatDateTime(new Date('2024-03-01T15:59:58.999Z'))).toBe('2024-03-01 23:59:58');
    expect(formatDateTime(new Date('2024-03-01T16:00:00Z'))).toBe('2024-03-02 00:00:00');
    expect(formatClock(new Date('2024-03-01T06:35:00Z'))).toBe('14:35');
  });
});

describe('HTTP status of an errcode', () => {
  it('401 for session codes, 403 for refusals, 404, 500, else 200', () => {
    for (const code of [ERR.NO_SESSION, ERR.SESSION_EXPIRED, ERR.ACCOUNT_VERSION_MISMATCH, ERR.SESSION_REVOKED]) {
      expect(httpStatusOf(code)).toBe(401);
    }
    expect(httpStatusOf(ERR.FORBIDDEN)).toBe(403);
    expect(httpStatusOf(ERR.ROLE_REQUIRED)).toBe(403);
    expect(httpStatusOf(ERR.NOT_FOUND)).toBe(404);
    expect(httpStatusOf(ERR.INTERNAL)).toBe(500);
    for (const code of [ERR.LOGIN_BAD_CREDENTIALS, ERR.LOGIN_LOCKED, ERR.PARAM_INVALID, ERR.NOT_AVAILABLE]) {
      expect(httpStatusOf(code)).toBe(200);
    }
  });
});

describe('what reaches the logs', () => {
  it('masks password-like query values and keeps the rest', () => {
    expect(redactUrl('/api/v1/centerWxwork/login?user=admin&password=abc&refresh=true')).toBe(
      '/api/v1/centerWxwork/login?user=admin&password=***&refresh=true',
    );
    expect(redactUrl('/x?oldPwd=1&token=2&n=3')).toBe('/x?oldPwd=***&token=***&n=3');
    expect(redactUrl('/rest/acct/loginInfo')).toBe('/rest/acct/loginInfo');
  });

  it('keeps only the path in the API log', () => {
    expect(pathOnly('/api/v1/centerWxwork/login?password=abc')).toBe('/api/v1/centerWxwork/login');
  });
});

describe('data scope', () => {
  const dialect = new PgDialect();
  const render = (s: ReturnType<typeof storeTableScope>) => (s ? dialect.sqlToQuery(s) : undefined);

  it('follows the role’s hierarchy content', () => {
    expect(scopeOfContent({ regionId: null, storeId: null })).toEqual({ level: 'hq' });
    expect(scopeOfContent({ regionId: 3, storeId: null })).toEqual({ level: 'region', regionIds: [3] });
    expect(scopeOfContent({ regionId: 3, storeId: 9 })).toEqual({ level: 'store', storeIds: [9] });
  });

  it('filters nothing at headquarters, by region or by store otherwise', () => {
    expect(storeTableScope({ level: 'hq' })).toBeUndefined();
    expect(render(storeTableScope({ level: 'region', regionIds: [1, 2] }))?.sql).toMatch(/"store"."region_id" in/);
    expect(render(storeTableScope({ level: 'store', storeIds: [4] }))?.params).toEqual([4]);
    const byRegion = render(storeScopeFilter({ level: 'region', regionIds: [1] }, userQuick.userId));
    expect(byRegion?.sql).toMatch(/in \(select "store"."id" from "store" where "store"."region_id" in/);
    expect(byRegion?.params).toEqual([1]);
  });
});
