/**
 * Demo data of the barcode database, POS terminals, swiftpass merchants and member receive
 * records. Deterministic (the seeded PRNG of seed/stores.ts, fixed lists):
 * - every product gets its maker's EAN-13 (a valid check digit on its product barcode's first
 *   12 digits); most bottled and boxed goods also a 14-digit box code of 6, 12 or 24 pieces;
 * - most open stores get one or two terminals (a few under repair, a few moved between stores,
 *   a few unbound and 停用 at headquarters);
 * - franchise stores get their swiftpass merchant (most with a key, a few 停用 or without one);
 * - about forty member receive records in every state, two in three by a member of the store
 *   (linked to them: the member seed runs first). A store's 领用 needs stock, so each store
 *   with records first gets an opening balance (kind 'adjust', ref 'opening_balance') and an
 *   approved record only takes what that balance holds, so it never depends on the order seed.
 */
import { withCheckDigit } from '@zb/contract/barcode';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { loadConfig } from '../config';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { product } from '../modules/goods/schema';
import { member } from '../modules/members/schema';
import { stockMovement } from '../modules/stock/schema';
import { moveStock } from '../modules/stock/service';
import { store } from '../modules/stores/schema';
import {
  memberReceive,
  memberReceiveLine,
  posTerminal,
  posTerminalBinding,
  productBarcode,
  swiftpassMerchant,
} from '../modules/storesMore/schema';
import { createCipher, loadCipherSecret } from '../platform/crypto';
import { prng } from './stores';

type Rng = ReturnType<typeof prng>;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

const DAY = 86_400_000;
/** Demo times count back from a fixed day (the notices' newest, seed/notices.ts), so a fresh database is the same whenever it is made. */
const TODAY = Date.parse('2026-03-31T10:00:00+08:00');
const daysAgo = (rng: Rng, from: number, to: number) =>
  new Date(TODAY - rng.int(from, to) * DAY - rng.int(0, 8 * 60) * 60_000);

const BRANDS: readonly [brand: string, models: readonly string[], sn: string][] = [
  ['拉卡拉', ['A8', 'Q1'], 'LKL'],
  ['银联商务', ['i9100', 'E500'], 'UMS'],
  ['新大陆', ['ME31', 'N910'], 'NLD'],
  ['百富', ['A920', 'S920'], 'PAX'],
  ['联迪', ['A8', 'P990'], 'LD'],
];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋';
const GIVEN = [
  '丽',
  '静',
  '敏',
  '芳',
  '婷',
  '秀英',
  '桂兰',
  '淑华',
  '建国',
  '伟',
  '强',
  '玉兰',
  '海燕',
  '志明',
  '晓红',
];
const PHONES = ['139', '138', '186', '158', '135', '177', '188', '152'];

const seedBarcodes = async (tx: Tx, rng: Rng) => {
  const products = await tx
    .select({ id: product.id, barcode: product.barcode, unit: product.unit, mlPerUnit: product.mlPerUnit })
    .from(product)
    .orderBy(asc(product.id));
  const rows: (typeof productBarcode.$inferInsert)[] = [];
  for (const p of products) {
    const body = (p.barcode ?? `69${pad(20250000000 + p.id, 11)}`).slice(0, 12).padStart(12, '0');
    rows.push({ barcode: withCheckDigit(body), productId: p.id, pieces: 1 });
    if (['瓶', '盒', '支', '罐'].includes(p.unit) && rng.chance(0.7)) {
      const pieces = rng.pick([6, 12, 12, 24]);
      rows.push({ barcode: withCheckDigit(`1${body}`), productId: p.id, pieces, note: `整箱 ${pieces}${p.unit}` });
    }
  }
  await tx.insert(productBarcode).values(rows);
};

const seedTerminals = async (tx: Tx, rng: Rng, stores: readonly StoreRow[], adminId: number) => {
  const sns = new Set<string>();
  const newSn = (prefix: string) => {
    let sn = '';
    do sn = `${prefix}${pad(rng.int(10_000_000, 99_999_999), 8)}${pad(rng.int(0, 99), 2)}`;
    while (sns.has(sn));
    sns.add(sn);
    return sn;
  };
  const merchantNo = () => `898${pad(rng.int(100, 999), 3)}${pad(rng.int(0, 999_999_999), 9)}`;
  const open = stores.filter((s) => s.status === 'open' || s.status === 'suspended');
  for (const s of open) {
    if (!rng.chance(0.85)) continue;
    const count = rng.chance(0.3) ? 2 : 1;
    const merchant = merchantNo();
    for (let i = 0; i < count; i++) {
      const [brand, models, prefix] = rng.pick(BRANDS);
      const boundAt = daysAgo(rng, 30, 700);
      const status = s.status === 'suspended' ? 'disabled' : rng.chance(0.08) ? 'repair' : 'active';
      const [t] = await tx
        .insert(posTerminal)
        .values({
          sn: newSn(prefix),
          brand,
          model: rng.pick(models),
          merchantNo: merchant,
          status,
          storeId: s.id,
          boundAt,
          createdAt: new Date(boundAt.getTime() - rng.int(1, 20) * DAY),
        })
        .returning({ id: posTerminal.id });
      // Some terminals served another store before this one.
      const earlier = rng.chance(0.15) ? rng.pick(open) : null;
      if (earlier && earlier.id !== s.id) {
        const from = new Date(boundAt.getTime() - rng.int(60, 300) * DAY);
        await tx.insert(posTerminalBinding).values({
          terminalId: t!.id,
          storeId: earlier.id,
          boundAt: from,
          boundBy: adminId,
          unboundAt: boundAt,
          unboundBy: adminId,
        });
      }
      await tx.insert(posTerminalBinding).values({ terminalId: t!.id, storeId: s.id, boundAt, boundBy: adminId });
    }
  }
  // Spare terminals at headquarters: unbound, 停用.
  for (let i = 0; i < 4; i++) {
    const [brand, models, prefix] = BRANDS[i % BRANDS.length]!;
    await tx.insert(posTerminal).values({
      sn: newSn(prefix),
      brand,
      model: models[0]!,
      merchantNo: merchantNo(),
      status: 'disabled',
      note: '总部备用机',
      createdAt: daysAgo(rng, 10, 200),
    });
  }
};

const seedSwiftpass = async (tx: Tx, rng: Rng, stores: readonly StoreRow[], adminId: number) => {
  // The key is sealed with the key the server will use (ZB_SECRET, else the database's secret).
  const cipher = createCipher(await loadCipherSecret(tx, loadConfig().secret));
  const rows: (typeof swiftpassMerchant.$inferInsert)[] = [];
  for (const s of stores) {
    if (s.ownership !== 'franchise' || s.status === 'preparing') continue;
    const key = Array.from({ length: 32 }, () => 'abcdef0123456789'[rng.int(0, 15)]).join('');
    const updatedAt = daysAgo(rng, 5, 400);
    rows.push({
      storeId: s.id,
      merchantNo: `1015${pad(rng.int(0, 99_999_999), 8)}`,
      signKey: rng.chance(0.85) ? cipher.encrypt(key) : null,
      subMerchantNo: rng.chance(0.6) ? pad(rng.int(100_000_000, 1_999_999_999), 10) : null,
      enabled: s.status !== 'closed' && rng.chance(0.9),
      createdAt: new Date(updatedAt.getTime() - rng.int(0, 200) * DAY),
      updatedAt,
      updatedBy: adminId,
    });
  }
  if (rows.length) await tx.insert(swiftpassMerchant).values(rows);
};

interface StoreRow {
  id: number;
  code: string;
  status: string;
  ownership: string;
}

const seedMemberReceive = async (tx: Tx, rng: Rng, stores: readonly StoreRow[], users: Users) => {
  const products = await tx
    .select({ id: product.id, unit: product.unit })
    .from(product)
    .where(eq(product.status, 'on'))
    .orderBy(asc(product.id));
  // Retail goods a member takes home: the first twenty products (shampoos, serums, masks …).
  const goods = products.slice(0, 20);
  const open = stores.filter((s) => s.status === 'open');
  // The demo stores first (SH001 is 陈静's, whose records she enters herself), then some others.
  const chosen = [
    ...open.filter((s) => s.code.endsWith('001')).slice(0, 8),
    ...open.filter((_, i) => i % 5 === 2),
  ].slice(0, 14);
  const phones = new Set<string>();
  // Two records in three are a member's of that store (seed/members.ts runs first), linked to them.
  const members = await tx
    .select({ id: member.id, name: member.name, phone: member.phone, storeId: member.storeId })
    .from(member)
    .orderBy(asc(member.id));
  for (const s of chosen) {
    const mine = members.filter((m) => m.storeId === s.id);
    // Opening balance: a few of each product the store's records will draw on.
    const opening = goods.map((g) => ({ storeId: s.id, productId: g.id, pieces: rng.int(8, 30) }));
    await moveStock(tx, opening, {
      kind: 'adjust',
      refType: 'opening_balance',
      refId: s.id,
      userId: users.admin,
      note: '期初库存（演示数据）',
    });
    const openedAt = new Date(TODAY - 120 * DAY);
    await tx
      .update(stockMovement)
      .set({ createdAt: openedAt })
      .where(and(eq(stockMovement.refType, 'opening_balance'), eq(stockMovement.refId, s.id)));
    const held = new Map(opening.map((o) => [o.productId, o.pieces]));

    const records = rng.int(2, 4);
    for (let i = 0; i < records; i++) {
      const roll = rng.next();
      const status = roll < 0.4 ? 'pending' : roll < 0.82 ? 'approved' : 'rejected';
      const createdAt = status === 'pending' ? daysAgo(rng, 0, 6) : daysAgo(rng, 7, 100);
      const lineCount = rng.int(1, 3);
      const picked = new Set<number>();
      while (picked.size < lineCount) picked.add(rng.pick(goods).id);
      const lines = [...picked].map((productId) => ({ productId, quantity: rng.int(1, 3) }));
      // An approved record only takes what the store holds.
      if (status === 'approved') {
        for (const l of lines) l.quantity = Math.min(l.quantity, held.get(l.productId) ?? 0);
        if (lines.some((l) => l.quantity < 1)) continue;
        for (const l of lines) held.set(l.productId, (held.get(l.productId) ?? 0) - l.quantity);
      }
      let phone = '';
      do phone = `${rng.pick(PHONES)}${pad(rng.int(0, 99_999_999), 8)}`;
      while (phones.has(phone));
      phones.add(phone);
      const auditedAt = status === 'pending' ? null : new Date(createdAt.getTime() + rng.int(1, 48) * 3_600_000);
      // Drawn for every record, so the draws after it stay the same whoever the record is for.
      const name = `${rng.pick([...SURNAMES])}${rng.pick(GIVEN)}`;
      const who = mine.length && i % 3 !== 2 ? mine[i % mine.length]! : null;
      const [r] = await tx
        .insert(memberReceive)
        .values({
          storeId: s.id,
          memberId: who?.id ?? null,
          memberName: who?.name ?? name,
          areaCode: '0086',
          memberPhone: who?.phone ?? phone,
          note: rng.chance(0.3)
            ? rng.pick(['年卡赠品到店领取', '上次购买未带走', '疗程配套产品', '会员积分兑换'])
            : null,
          status,
          rejectReason: status === 'rejected' ? rng.pick(['会员未完成付款', '领用数量超出购买记录', '重复登记']) : null,
          createdBy: s.code === 'SH001' ? users.storeStaff : users.hq,
          createdAt,
          auditedBy: auditedAt ? users.hq : null,
          auditedAt,
        })
        .returning({ id: memberReceive.id, code: memberReceive.code });
      await tx.insert(memberReceiveLine).values(lines.map((l, line) => ({ receiveId: r!.id, line, ...l })));
      if (status === 'approved') {
        await moveStock(
          tx,
          lines.map((l) => ({ storeId: s.id, productId: l.productId, pieces: -l.quantity })),
          {
            kind: 'memberReceive',
            refType: 'member_receive',
            refId: r!.id,
            userId: users.hq,
            note: `会员领用 ${r!.code}`,
          },
        );
        await tx
          .update(stockMovement)
          .set({ createdAt: auditedAt! })
          .where(and(eq(stockMovement.refType, 'member_receive'), eq(stockMovement.refId, r!.id)));
      }
    }
  }
};

interface Users {
  admin: number;
  hq: number;
  storeStaff: number;
}

export const seedStoresMore = async (tx: Tx, seed = 20240601): Promise<void> => {
  const rng = prng(seed);
  const accounts = await tx
    .select({ id: userAccount.id, loginName: userAccount.loginName })
    .from(userAccount)
    .where(inArray(userAccount.loginName, ['admin', '13800000001', 'SYYG0001']));
  const idOf = (login: string) => accounts.find((a) => a.loginName === login)!.id;
  const users: Users = { admin: idOf('admin'), hq: idOf('13800000001'), storeStaff: idOf('SYYG0001') };
  const stores = await tx
    .select({ id: store.id, code: store.code, status: store.status, ownership: store.ownership })
    .from(store)
    .orderBy(asc(store.id));
  await seedBarcodes(tx, rng);
  await seedTerminals(tx, rng, stores, users.admin);
  await seedSwiftpass(tx, rng, stores, users.admin);
  await seedMemberReceive(tx, rng, stores, users);
};
