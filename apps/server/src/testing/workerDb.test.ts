import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userAccount } from '../modules/accounts/schema';
import { codesOfRole } from '../platform/roleCodes';
import { appSetting, session } from '../platform/schema';
import { createRole, createUser } from './fixtures';
import { createTestApp } from './testApp';

const permissionsVersion = async (db: Parameters<typeof createUser>[0]) =>
  BigInt((await db.select().from(appSetting).where(eq(appSetting.key, 'permissions_version')))[0]!.value);

const nicknameOfAdmin = async (db: Parameters<typeof createUser>[0]) =>
  (await db.select({ n: userAccount.nickname }).from(userAccount).where(eq(userAccount.loginName, 'admin')))[0]!.n;

// The apps open inside the tests, not in a hook: the worker's first may build the PGlite template.
describe('the database each app gets', { timeout: 120_000 }, () => {
  it('holds the demo data and none of what an earlier app wrote, with the same ids handed out again', async () => {
    const first = await createTestApp();
    const seededNickname = await nicknameOfAdmin(first.db);
    const [sessionsBefore] = await first.db.select({ n: count() }).from(session);
    await first.signIn('admin', 'admin123');
    const userId = await createUser(first.db, { loginName: 'leak-check', password: 'x1234567' });
    await first.db.update(userAccount).set({ nickname: '改过的' }).where(eq(userAccount.loginName, 'admin'));
    const { roleId } = await createRole(first.db, {
      code: 'LEAK_A',
      name: '甲',
      contentName: '总部',
      codes: ['ZBHT-SPGL'],
    });
    expect(await codesOfRole(first.db, roleId)).toEqual(new Set(['ZBHT-SPGL']));
    const versionAfterChange = await permissionsVersion(first.db);
    await first.close();

    const second = await createTestApp();
    try {
      expect(await second.db.select().from(userAccount).where(eq(userAccount.loginName, 'leak-check'))).toEqual([]);
      expect(await nicknameOfAdmin(second.db)).toBe(seededNickname);
      expect((await second.db.select({ n: count() }).from(session))[0]).toEqual(sessionsBefore);
      expect(await createUser(second.db, { loginName: 'leak-check-2', password: 'x1234567' })).toBe(userId);
      // Same role id, other codes, one change of permissions as before: what the first app's role
      // held is not answered from the instance's memory.
      const again = await createRole(second.db, {
        code: 'LEAK_B',
        name: '乙',
        contentName: '总部',
        codes: ['ZBHT-YGGL'],
      });
      expect(again.roleId).toBe(roleId);
      expect(await permissionsVersion(second.db)).toBeGreaterThan(versionAfterChange);
      expect(await codesOfRole(second.db, roleId)).toEqual(new Set(['ZBHT-YGGL']));
    } finally {
      await second.close();
    }
  });

  it('is a separate one for an app opened while another holds the worker’s', async () => {
    const held = await createTestApp();
    const other = await createTestApp();
    try {
      await createUser(other.db, { loginName: 'only-in-other', password: 'x1234567' });
      expect(await held.db.select().from(userAccount).where(eq(userAccount.loginName, 'only-in-other'))).toEqual([]);
    } finally {
      await other.close();
      await held.close();
    }
  });
});
