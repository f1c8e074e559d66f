/**
 * The data scope on writes: a region user (李强, 大区经理 华东) names a store outside 华东 in a
 * create, an update or a batch action — through the engine's default writes, through a binding's
 * service, and through a hand-written service — and gets the field error
 * 请选择您数据范围内的门店 (PARAM-40001); nothing is written, not even an operation-log row.
 */

import { MEMBER_RESOURCE_API } from '@zb/contract/entities/member';
import { POS_API } from '@zb/contract/entities/posTerminal';
import { STAFF_API } from '@zb/contract/entities/staff';
import { STORE_ORDER_API } from '@zb/contract/entities/storeOrder';
import { type Envelope, ERR } from '@zb/contract/errcodes';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccount } from '../../modules/accounts/schema';
import { member } from '../../modules/members/schema';
import { staff } from '../../modules/staff/schema';
import { storeOrder } from '../../modules/storeOrders/schema';
import { region, store } from '../../modules/stores/schema';
import { posTerminalResource } from '../../modules/storesMore/posTerminals';
import { posTerminal } from '../../modules/storesMore/schema';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { fieldsOf, type TestClient } from '../../testing/testClient';
import type { Auth } from '../context';
import { BizError } from '../errors';
import { operationLog } from '../schema';
import { OUT_OF_SCOPE_STORE } from '../scope';
import type { ResourceBinding } from './binding';
import { batchRows, createRow, updateRow } from './write';

let t: TestApp;
let li: TestClient;
let liAuth: Auth;
let sh: number;
let gz: number;

/** How many rows each table holds, the operation log included. */
const counts = async () => {
  const n = async (
    table: typeof staff | typeof member | typeof posTerminal | typeof storeOrder | typeof operationLog,
  ) => (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    staff: await n(staff),
    member: await n(member),
    posTerminal: await n(posTerminal),
    storeOrder: await n(storeOrder),
    operationLog: await n(operationLog),
  };
};

/** The answer is the out-of-scope field error on storeId, and no table changed. */
const refusedOutOfScope = async (write: () => Promise<{ body: Envelope<unknown> }>) => {
  const before = await counts();
  const res = await write();
  expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
  expect(fieldsOf(res.body).storeId).toBe(OUT_OF_SCOPE_STORE);
  expect(await counts()).toEqual(before);
};

/** POS terminals with the engine's default create and update (no service), and a batch that moves rows. */
const bare: ResourceBinding = {
  ...posTerminalResource,
  service: {
    batch: {
      toGz: async ({ tx }, ids) =>
        (
          await tx
            .update(posTerminal)
            .set({ storeId: gz })
            .where(inArray(posTerminal.id, [...ids]))
            .returning()
        ).length,
    },
  },
};

const terminal = (over: Record<string, unknown> = {}) => ({
  sn: 'SCOPE-SN-0001',
  brand: '拉卡拉',
  model: 'A8',
  merchantNo: '898310058120001',
  status: 'active',
  storeId: sh,
  boundAt: new Date(),
  ...over,
});

/** The engine's error of a direct call, as the API would answer it. */
const caught = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof BizError)) throw err;
    return { body: { errcode: err.errcode, errmsg: err.message, data: err.data } as Envelope<unknown> };
  }
  throw new Error('the write was not refused');
};

beforeAll(async () => {
  t = await createTestApp();
  li = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
  const stores = await t.db
    .select({ id: store.id, code: store.code, region: region.name, regionId: region.id })
    .from(store)
    .innerJoin(region, eq(region.id, store.regionId));
  sh = stores.find((s) => s.code === 'SH001')!.id;
  gz = stores.find((s) => s.code === 'GZ001')!.id;
  const [user] = await t.db.select().from(userAccount).where(eq(userAccount.loginName, '13800000002'));
  liAuth = {
    sessionId: 'scope-test',
    user: user! as Auth['user'],
    role: null,
    scope: { level: 'region', regionIds: [stores.find((s) => s.code === 'SH001')!.regionId] },
    codes: null,
  };
});
afterAll(() => t.close());

describe('the engine checks the store of a write’s new values', () => {
  it('refuses a create and an update naming a store outside the caller’s region; writes nothing', async () => {
    await refusedOutOfScope(() => caught(() => createRow(t.db, bare, liAuth, terminal({ storeId: gz }))));
    const id = await createRow(t.db, bare, liAuth, terminal());
    await refusedOutOfScope(() => caught(() => updateRow(t.db, bare, liAuth, id, { storeId: gz })));
    const [row] = await t.db.select().from(posTerminal).where(eq(posTerminal.id, id));
    expect(row!.storeId).toBe(sh);
  });

  it('refuses a batch action that moves rows out of the caller’s stores; changes nothing', async () => {
    const id = await createRow(t.db, bare, liAuth, terminal({ sn: 'SCOPE-SN-0002' }));
    const before = await counts();
    const res = await caught(() => batchRows(t.db, bare, liAuth, 'toGz', [id]));
    expect(res.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(res.body.errmsg).toMatch(/不在您的数据范围内/);
    expect(await counts()).toEqual(before);
    const [row] = await t.db.select().from(posTerminal).where(eq(posTerminal.id, id));
    expect(row!.storeId).toBe(sh);
  });
});

describe('through the API', () => {
  it('staff: no create in a 华南 store, no move of a 华东 member of staff into one', async () => {
    const [own] = await t.db.select().from(staff).where(eq(staff.storeId, sh)).limit(1);
    await refusedOutOfScope(() =>
      li.call(STAFF_API.create!, {
        body: {
          name: '越界员工',
          storeId: gz,
          genderId: own!.genderId,
          areaCode: '0086',
          phone: '13912349901',
          positionId: own!.positionId,
          levelId: own!.levelId,
          entryDate: '2024-05-01',
          status: 'active',
        },
      }),
    );
    await refusedOutOfScope(() => li.call(STAFF_API.update!, { body: { id: own!.id, storeId: gz } }));
    const [after] = await t.db.select().from(staff).where(eq(staff.id, own!.id));
    expect(after!.storeId).toBe(sh);
  });

  it('members: no move of a 华东 member into a 华南 store', async () => {
    const [own] = await t.db.select().from(member).where(eq(member.storeId, sh)).limit(1);
    await refusedOutOfScope(() => li.call(MEMBER_RESOURCE_API.update!, { body: { id: own!.id, storeId: gz } }));
  });

  it('POS terminals: no create bound to a 华南 store', async () => {
    const { boundAt: _, ...body } = terminal({ sn: 'SCOPE-SN-0003', storeId: gz });
    await refusedOutOfScope(() => li.call(POS_API.create!, { body }));
  });

  it('store orders (a hand-written service): no order for a 华南 store', async () => {
    await refusedOutOfScope(() =>
      li.call(STORE_ORDER_API.submit, {
        body: { storeId: gz, kind: 'goods', lines: [{ itemId: 1, quantity: 1 }] } as never,
      }),
    );
  });
});
