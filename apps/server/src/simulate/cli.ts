/**
 * `npm run simulate -- --stores N --minutes M [--rate R] [--url URL] [--db DATABASE_URL] [--seed S]`:
 * stores' POS terminals sending bills to a running server through the open API (docs/open-api.md),
 * as a real HTTP client: signed requests, realistic bills — 开卡, 充值, 消费 on cards, retail, mixed
 * payments, and now and then a retry of the same outerNo — at R bills per store per minute
 * (default 4) for M minutes, the bills dated across a store day (10:00–22:00, Beijing) as the
 * run goes. It prints what it sent, what was accepted, replayed and refused (by errcode).
 *
 * It reads the world it sends for (stores with a bound terminal, their members and cards, goods,
 * staff) from the server's PostgreSQL database (--db, else DATABASE_URL) and issues itself one
 * POS key per store there (named 模拟器, revoked when the run ends): the server must run on
 * PostgreSQL, since a PGlite server holds its data folder alone. The key is sealed with the
 * server's cipher (ZB_SECRET, else the database's secret), as the console issues keys.
 */
import { randomBytes } from 'node:crypto';
import { OPEN_HEADERS, OPEN_PATHS, OPEN_PREFIX } from '@zb/contract/open/protocol';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { type Db, openPostgres } from '../db/client';
import { card, product, project } from '../modules/goods/schema';
import { member, memberCard, memberCardSession } from '../modules/members/schema';
import { insertKey, newKeyPair } from '../modules/openApi/credentials';
import { openClient } from '../modules/openApi/schema';
import { signatureOf } from '../modules/openApi/verify';
import { staff } from '../modules/staff/schema';
import { store } from '../modules/stores/schema';
import { posTerminal } from '../modules/storesMore/schema';
import { createCipher, loadCipherSecret } from '../platform/crypto';
import { prng } from '../seed/stores';

const USAGE =
  '用法：npm run simulate -- --stores 门店数 --minutes 分钟数 [--rate 每店每分钟单数] [--url 服务地址] [--db PostgreSQL地址] [--seed 整数]';

interface Options {
  stores: number;
  minutes: number;
  rate: number;
  url: string;
  db: string;
  seed: number;
}

const parseArgs = (argv: readonly string[]): Options => {
  const o: Partial<Options> = { rate: 4, seed: Date.now() % 100_000 };
  const num = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) fail(`${name} 须为不小于 ${min} 的数`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--stores') o.stores = Math.floor(num('--stores', argv[++i], 1));
    else if (a === '--minutes') o.minutes = num('--minutes', argv[++i], 0.05);
    else if (a === '--rate') o.rate = num('--rate', argv[++i], 0.1);
    else if (a === '--url') o.url = argv[++i];
    else if (a === '--db') o.db = argv[++i];
    else if (a === '--seed') o.seed = Math.floor(num('--seed', argv[++i], 0));
    else if (a === '--help' || a === '-h') fail('');
    else fail(`未知参数「${a}」`);
  }
  const config = loadConfig();
  o.url ??= process.env.SIM_URL ?? `http://127.0.0.1:${config.port}`;
  o.db ??= config.databaseUrl ?? '';
  if (!o.stores || !o.minutes) fail('请给出 --stores 与 --minutes');
  if (!o.db) fail('需要服务器的 PostgreSQL 地址（--db 或 DATABASE_URL）');
  return o as Options;
};

function fail(message: string): never {
  console.error(message ? `${message}\n${USAGE}` : USAGE);
  process.exit(2);
}

// ── The world it sends for ──────────────────────────────────────────────────

interface SimCard {
  cardNo: string;
  kind: string;
  balance: number;
  bonus: number;
  /** 套餐卡: project code → sessions left. */
  sessions: Map<string, number>;
}

interface SimStore {
  id: number;
  code: string;
  terminalId: number;
  key: { appKey: string; secret: string; id: number };
  members: { phone: string; cards: SimCard[] }[];
  staff: string[];
}

const loadWorld = async (db: Db, o: Options) => {
  const stores = await db
    .selectDistinctOn([store.id], { id: store.id, code: store.code, terminalId: posTerminal.id })
    .from(store)
    .innerJoin(posTerminal, and(eq(posTerminal.storeId, store.id), eq(posTerminal.status, 'active')))
    .where(and(eq(store.status, 'open'), isNull(posTerminal.deletedAt)))
    .orderBy(asc(store.id), asc(posTerminal.id))
    .limit(o.stores);
  if (stores.length === 0) throw new Error('没有绑定了在用终端的营业门店');
  const projects = await db
    .select({ code: project.code, price: project.price })
    .from(project)
    .where(eq(project.status, 'on'));
  const products = await db
    .select({ code: product.code, price: product.retailPrice })
    .from(product)
    .where(eq(product.status, 'on'));
  const cards = await db
    .select({ code: card.code, price: card.price, kind: card.kind })
    .from(card)
    .where(and(eq(card.status, 'on'), eq(card.usableScope, 'all')));
  const cipher = createCipher(await loadCipherSecret(db, loadConfig().secret));
  const out: SimStore[] = [];
  for (const s of stores) {
    const pair = newKeyPair('pos');
    const id = await insertKey(db, cipher, {
      kind: 'pos',
      name: `模拟器 ${s.code}`,
      ...pair,
      posTerminalId: s.terminalId,
      userId: null,
    });
    const members = await db
      .select({ id: member.id, phone: member.phone })
      .from(member)
      .where(and(eq(member.storeId, s.id), eq(member.status, 'normal')))
      .orderBy(asc(member.id))
      .limit(200);
    const held = members.length
      ? await db
          .select({
            id: memberCard.id,
            memberId: memberCard.memberId,
            cardNo: memberCard.cardNo,
            kind: memberCard.kind,
            balance: memberCard.balance,
            bonus: memberCard.bonusBalance,
          })
          .from(memberCard)
          .where(
            and(
              inArray(
                memberCard.memberId,
                members.map((m) => m.id),
              ),
              eq(memberCard.status, 'active'),
              eq(memberCard.storeId, s.id),
              gt(memberCard.expiresAt, sql`now() + interval '1 day'`),
            ),
          )
      : [];
    const sessions = held.length
      ? await db
          .select({ cardId: memberCardSession.memberCardId, code: project.code, left: memberCardSession.remaining })
          .from(memberCardSession)
          .innerJoin(project, eq(project.id, memberCardSession.projectId))
          .where(
            inArray(
              memberCardSession.memberCardId,
              held.map((c) => c.id),
            ),
          )
      : [];
    const staffPhones = await db.select({ phone: staff.phone }).from(staff).where(eq(staff.storeId, s.id)).limit(20);
    out.push({
      ...s,
      key: { ...pair, id },
      staff: staffPhones.map((x) => x.phone),
      members: members.map((m) => ({
        phone: m.phone,
        cards: held
          .filter((c) => c.memberId === m.id)
          .map((c) => ({
            cardNo: c.cardNo,
            kind: c.kind,
            balance: c.balance ?? 0,
            bonus: c.bonus ?? 0,
            sessions: new Map(sessions.filter((x) => x.cardId === c.id).map((x) => [x.code, x.left])),
          })),
      })),
    });
  }
  return { stores: out, projects, products, cards };
};

// ── Sending ─────────────────────────────────────────────────────────────────

interface Outcome {
  status: number;
  errcode: string;
  errmsg: string;
  data: {
    replayed?: boolean;
    openedCards?: string[];
    cards?: { cardNo: string; balance: number | null; bonusBalance: number | null }[];
  } | null;
  ms: number;
}

const send = async (url: string, key: { appKey: string; secret: string }, body: string): Promise<Outcome> => {
  const path = `${OPEN_PREFIX}${OPEN_PATHS.bills}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(12).toString('hex');
  const started = performance.now();
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [OPEN_HEADERS.key]: key.appKey,
      [OPEN_HEADERS.timestamp]: timestamp,
      [OPEN_HEADERS.nonce]: nonce,
      [OPEN_HEADERS.signature]: signatureOf(key.secret, { method: 'POST', path, timestamp, nonce, body }),
    },
    body,
  });
  const json = (await res.json()) as Omit<Outcome, 'status' | 'ms'>;
  return { status: res.status, ...json, ms: performance.now() - started };
};

const DAY_START_H = 10;
const DAY_HOURS = 12;

/** The store clock: the run's progress mapped onto today's 10:00–22:00 (Beijing), as ISO with +08:00. */
const storeTime = (progress: number): string => {
  const beijing = new Date(Date.now() + 8 * 3_600_000);
  const day = beijing.toISOString().slice(0, 10);
  const minutes = Math.min(DAY_HOURS * 60 - 1, Math.floor(progress * DAY_HOURS * 60));
  const h = String(DAY_START_H + Math.floor(minutes / 60)).padStart(2, '0');
  const m = String(minutes % 60).padStart(2, '0');
  return `${day}T${h}:${m}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}+08:00`;
};

const main = async () => {
  const o = parseArgs(process.argv.slice(2));
  const handle = await openPostgres(o.db, 2);
  const rng = prng(o.seed);
  const world = await loadWorld(handle.db, o);
  const runMs = o.minutes * 60_000;
  const started = Date.now();
  const tally = { sent: 0, accepted: 0, replayed: 0, retries: 0, refused: new Map<string, number>() };
  const byKind = new Map<string, number>();
  const latencies: number[] = [];
  const samples: string[] = [];
  const PAY = ['cash', 'wechat', 'alipay', 'bankCard'] as const;
  console.log(
    `模拟 ${world.stores.length} 家门店（${world.stores.map((s) => s.code).join('、')}），${o.minutes} 分钟，每店每分钟约 ${o.rate} 单，发往 ${o.url}`,
  );

  const payments = (amount: number) => {
    if (amount <= 0) return [];
    if (rng.chance(0.7) || amount < 200) return [{ method: rng.pick(PAY), amount }];
    const first = Math.max(100, Math.floor(amount * rng.next()));
    const rest = amount - Math.min(first, amount - 100);
    return [
      { method: rng.pick(PAY), amount: amount - rest },
      { method: rng.pick(PAY), amount: rest },
    ].filter((p) => p.amount > 0);
  };

  /** One bill for the store: its document, what kind the simulator meant. */
  const makeBill = (s: SimStore, n: number) => {
    const m = rng.pick(s.members);
    const stored = m.cards.filter((c) => c.kind === 'stored');
    const combos = m.cards.filter((c) => c.kind === 'combo' && [...c.sessions.values()].some((v) => v > 0));
    const share = () =>
      s.staff.length && rng.chance(0.8)
        ? [{ staffPhone: rng.pick(s.staff), performance: rng.int(10, 300) * 100, commission: rng.int(0, 30) * 100 }]
        : [];
    const lines: Record<string, unknown>[] = [];
    let other = 0;
    const roll = rng.next();
    let kind: string;
    const retail = () => {
      const p = rng.pick(world.products);
      const quantity = rng.int(1, 2);
      lines.push({ kind: 'product', code: p.code, quantity, staff: share() });
      other += p.price * quantity;
    };
    if (roll < 0.1 || (stored.length === 0 && combos.length === 0 && roll < 0.5)) {
      kind = '开卡';
      const c = rng.pick(world.cards);
      lines.push({ kind: 'cardSale', code: c.code, staff: share() });
      other += c.price;
    } else if (roll < 0.25 && stored.length) {
      kind = '充值';
      const amount = rng.pick([50_000, 100_000, 200_000, 300_000]);
      lines.push({ kind: 'topUp', cardNo: rng.pick(stored).cardNo, amount, bonus: amount / 10, staff: share() });
      other += amount;
    } else if (roll < 0.65 && (stored.length || combos.length)) {
      kind = '消费';
      if (combos.length && (rng.chance(0.5) || !stored.length)) {
        const c = rng.pick(combos);
        const [code] = rng.pick([...c.sessions.entries()].filter(([, v]) => v > 0));
        lines.push({ kind: 'project', code, cardNo: c.cardNo, staff: share() });
      }
      if (stored.length && (lines.length === 0 || rng.chance(0.4))) {
        const c = rng.pick(stored);
        const p = rng.pick(world.products);
        lines.push({ kind: 'product', code: p.code, cardNo: c.cardNo, quantity: 1, staff: share() });
      }
      if (rng.chance(0.2)) retail();
    } else if (roll < 0.85) {
      kind = '零售';
      retail();
      if (rng.chance(0.3)) retail();
    } else {
      kind = '混合';
      const c = rng.pick(world.cards);
      lines.push({ kind: 'cardSale', code: c.code, staff: share() });
      other += c.price;
      retail();
      const pj = rng.pick(world.projects);
      lines.push({ kind: 'project', code: pj.code, staff: share() });
      other += pj.price;
    }
    const doc = {
      outerNo: `SIM-${s.code}-${started.toString(36)}-${n}`,
      storeCode: s.code,
      member: m.phone,
      at: storeTime((Date.now() - started) / runMs),
      lines,
      payments: payments(other),
    };
    return { kind, doc, m };
  };

  const storeLoop = async (s: SimStore) => {
    if (s.members.length === 0) return;
    const sent: string[] = [];
    let n = 0;
    while (Date.now() - started < runMs) {
      // Poisson arrivals at the store's rate.
      const waitMs = (-Math.log(1 - rng.next()) * 60_000) / o.rate;
      await new Promise((r) => setTimeout(r, Math.min(waitMs, Math.max(0, runMs - (Date.now() - started)))));
      if (Date.now() - started >= runMs) break;
      const retry = sent.length > 0 && rng.chance(0.05);
      const bill = retry ? null : makeBill(s, ++n);
      const body = retry ? rng.pick(sent) : JSON.stringify(bill!.doc);
      tally.sent++;
      if (retry) tally.retries++;
      let out: Outcome;
      try {
        out = await send(o.url, s.key, body);
      } catch (e) {
        tally.refused.set('网络错误', (tally.refused.get('网络错误') ?? 0) + 1);
        if (samples.length < 5) samples.push(`网络错误：${(e as Error).message}`);
        continue;
      }
      latencies.push(out.ms);
      if (out.errcode !== '0') {
        tally.refused.set(out.errcode, (tally.refused.get(out.errcode) ?? 0) + 1);
        if (samples.length < 8) samples.push(`${out.errcode} ${out.errmsg}`);
        continue;
      }
      if (out.data?.replayed) {
        tally.replayed++;
        continue;
      }
      tally.accepted++;
      sent.push(body);
      byKind.set(bill!.kind, (byKind.get(bill!.kind) ?? 0) + 1);
      // What the bill left on the member's cards, and the cards it opened.
      for (const c of out.data?.cards ?? []) {
        const held = bill!.m.cards.find((x) => x.cardNo === c.cardNo);
        if (held) {
          held.balance = c.balance ?? 0;
          held.bonus = c.bonusBalance ?? 0;
        }
      }
      for (const line of bill!.doc.lines) {
        if (line.kind === 'project' && line.cardNo) {
          const held = bill!.m.cards.find((x) => x.cardNo === line.cardNo);
          held?.sessions.set(String(line.code), (held.sessions.get(String(line.code)) ?? 1) - 1);
        }
      }
      for (const cardNo of out.data?.openedCards ?? []) {
        bill!.m.cards.push({ cardNo, kind: 'unknown', balance: 0, bonus: 0, sessions: new Map() });
      }
    }
  };

  try {
    await Promise.all(world.stores.map(storeLoop));
  } finally {
    await handle.db
      .update(openClient)
      .set({ status: 'revoked', revokedAt: new Date() })
      .where(
        inArray(
          openClient.id,
          world.stores.map((s) => s.key.id),
        ),
      );
    await handle.close();
  }
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]! : 0;
  const seconds = (Date.now() - started) / 1000;
  console.log(`发送 ${tally.sent} 单（其中重发同一单号 ${tally.retries} 次），用时 ${seconds.toFixed(1)} 秒`);
  console.log(
    `受理 ${tally.accepted} 单（${[...byKind].map(([k, v]) => `${k} ${v}`).join('，')}），重发得到首次结果 ${tally.replayed} 次`,
  );
  const refused = [...tally.refused].map(([k, v]) => `${k} × ${v}`).join('，');
  console.log(`拒绝 ${[...tally.refused.values()].reduce((a, b) => a + b, 0)} 单${refused ? `：${refused}` : ''}`);
  if (samples.length) console.log(`拒绝示例：\n  ${samples.join('\n  ')}`);
  console.log(`单张耗时 p50 ${q(0.5).toFixed(1)} ms，p99 ${q(0.99).toFixed(1)} ms`);
};

await main();
