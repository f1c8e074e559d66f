/**
 * The open API's demo keys (README, docs/open-api.md): one POS terminal of 北京朝阳店 (BJ001) and
 * one mini-program app, with fixed keys and secrets so the docs' examples and a local client work
 * against a fresh demo. Sealed with the key the server will use (ZB_SECRET, else the database's).
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { loadConfig } from '../config';
import type { Tx } from '../db/client';
import { insertKey } from '../modules/openApi/credentials';
import { store } from '../modules/stores/schema';
import { posTerminal, posTerminalBinding } from '../modules/storesMore/schema';
import { createCipher, loadCipherSecret } from '../platform/crypto';

export const DEMO_OPEN_KEYS = {
  pos: { appKey: 'pos_demo_bj001', secret: 'demo-pos-secret-BJ001-2026', storeCode: 'BJ001' },
  mini: { appKey: 'mini_demo_app', secret: 'demo-mini-secret-2026' },
} as const;

export const seedOpenClients = async (tx: Tx): Promise<void> => {
  const cipher = createCipher(await loadCipherSecret(tx, loadConfig().secret));
  const [s] = await tx.select({ id: store.id }).from(store).where(eq(store.code, DEMO_OPEN_KEYS.pos.storeCode));
  if (!s) return;
  let [t] = await tx
    .select({ id: posTerminal.id })
    .from(posTerminal)
    .where(and(eq(posTerminal.storeId, s.id), eq(posTerminal.status, 'active'), isNull(posTerminal.deletedAt)))
    .orderBy(asc(posTerminal.id))
    .limit(1);
  if (!t) {
    const boundAt = new Date('2026-01-05T09:00:00+08:00');
    [t] = await tx
      .insert(posTerminal)
      .values({
        sn: 'DEMO-BJ001-01',
        brand: '商米',
        model: 'T2',
        merchantNo: '898110000000001',
        status: 'active',
        storeId: s.id,
        boundAt,
        note: '开放接口演示终端',
      })
      .returning({ id: posTerminal.id });
    await tx.insert(posTerminalBinding).values({ terminalId: t!.id, storeId: s.id, boundAt });
  }
  await insertKey(tx, cipher, {
    kind: 'pos',
    name: '北京朝阳店 收银终端（演示）',
    appKey: DEMO_OPEN_KEYS.pos.appKey,
    secret: DEMO_OPEN_KEYS.pos.secret,
    posTerminalId: t!.id,
    userId: null,
  });
  await insertKey(tx, cipher, {
    kind: 'mini',
    name: '会员小程序（演示）',
    appKey: DEMO_OPEN_KEYS.mini.appKey,
    secret: DEMO_OPEN_KEYS.mini.secret,
    posTerminalId: null,
    userId: null,
  });
};
