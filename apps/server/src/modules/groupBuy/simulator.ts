/**
 * The built-in group-buy simulator under /gbsim: 美团's and 抖音's open APIs as client.ts speaks
 * them (their signatures checked with the demo apps' keys, their answers and refusal codes), over
 * a platform side of its own: the shops are our stores as the platform would list them, the deals
 * a few of our projects and products, the codes those sold (gbsim_code, made by the sim-only
 * `sim/issue` call that stands in for a member buying on the app), and reviews drawn from a fixed
 * pseudo-random sequence per shop and day, so pulling them twice finds the same ones.
 *
 * `simulate` is the whole protocol; the Fastify routes serve it over HTTP, and `simulatorFetch`
 * serves it in process (the demo seed, which runs before the server listens, goes through the
 * same client code that way).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { PUBLIC } from '@zb/contract/api/endpoint';
import { GROUPBUY_PLATFORM_VALUES, type GroupBuyPlatform } from '@zb/contract/entities/groupBuy';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { product, project } from '../goods/schema';
import { store } from '../stores/schema';
import { douyinSigningText, hmacHex, meituanSigningText, PLATFORM_CODES } from './client';
import { gbsimCode } from './schema';

export const GBSIM_PREFIX = '/gbsim';

/** The apps the simulator knows (a real platform issues these); the demo's /openPlatform holds them. */
export const SIM_APPS: Record<GroupBuyPlatform, { appKey: string; secret: string }> = {
  meituan: { appKey: 'mt_demo_app', secret: 'mt-demo-secret-2026-groupbuy' },
  douyin: { appKey: 'dy_demo_client', secret: 'dy-demo-secret-2026-groupbuy' },
};

/** How long after 核销 a verification may be cancelled, per platform. */
export const CANCEL_WINDOW_MS: Record<GroupBuyPlatform, number> = {
  meituan: 24 * 3600_000,
  douyin: 3600_000,
};

const SKEW_S = 300;
const SHOP_PREFIX: Record<GroupBuyPlatform, string> = { meituan: 'MT', douyin: 'DY' };
const DEALS: Record<GroupBuyPlatform, { projects: number; products: number; label: string }> = {
  meituan: { projects: 4, products: 1, label: '美团' },
  douyin: { projects: 3, products: 1, label: '抖音' },
};

export const simShopId = (platform: GroupBuyPlatform, storeCode: string) => `${SHOP_PREFIX[platform]}-${storeCode}`;

interface SimAnswer {
  status: number;
  json: unknown;
}

type Reason = keyof (typeof PLATFORM_CODES)['meituan'];

const answer = (platform: GroupBuyPlatform, code: number, msg: string, data: unknown = null): SimAnswer => ({
  status: 200,
  json: platform === 'meituan' ? { code, msg, data } : { data, extra: { error_code: code, description: msg } },
});
const okAnswer = (platform: GroupBuyPlatform, data: unknown) => answer(platform, 0, 'success', data);

const MESSAGES: Record<Reason, string> = {
  unknown: '券码不存在',
  used: '券码已使用',
  expired: '券码已过期',
  wrongShop: '券码不适用于该门店',
  notCancellable: '已超过撤销时限或未核销',
  auth: '签名校验失败',
};
const refuse = (platform: GroupBuyPlatform, reason: Reason) =>
  answer(platform, PLATFORM_CODES[platform][reason], MESSAGES[reason]);

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The call's fields when its signature holds; null otherwise. */
const authenticate = (
  platform: GroupBuyPlatform,
  headers: Record<string, string | undefined>,
  raw: string,
  nowMs: number,
): Record<string, unknown> | null => {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const fields = body as Record<string, unknown>;
  const app = SIM_APPS[platform];
  const fresh = (ts: unknown) => Math.abs(Number(ts) - nowMs / 1000) <= SKEW_S;
  if (platform === 'meituan') {
    if (fields.app_key !== app.appKey || !fresh(fields.timestamp) || typeof fields.sign !== 'string') return null;
    return sameText(fields.sign, hmacHex(app.secret, meituanSigningText(fields))) ? fields : null;
  }
  const ts = headers['x-timestamp'] ?? '';
  const sig = headers['x-signature'] ?? '';
  if (headers['x-client-key'] !== app.appKey || !fresh(ts)) return null;
  return sameText(sig, hmacHex(app.secret, douyinSigningText(ts, raw))) ? fields : null;
};

const simDeals = async (db: Db, platform: GroupBuyPlatform) => {
  const d = DEALS[platform];
  const projects = await db
    .select({ id: project.id, name: project.name, price: project.price })
    .from(project)
    .orderBy(asc(project.id))
    .limit(d.projects);
  const products = await db
    .select({ id: product.id, name: product.name, price: product.retailPrice })
    .from(product)
    .orderBy(asc(product.id))
    .limit(d.products);
  const prefix = `${SHOP_PREFIX[platform]}D`;
  return [
    ...projects.map((p) => ({
      deal_id: `${prefix}-P${p.id}`,
      title: `【${d.label}】${p.name}体验`,
      price: Math.round((p.price * 6) / 10),
    })),
    ...products.map((p) => ({
      deal_id: `${prefix}-G${p.id}`,
      title: `【${d.label}】${p.name}`,
      price: Math.round((p.price * 8) / 10),
    })),
  ];
};

/** A number in [0, 1) fixed by the text. */
const draw = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;

const REVIEW_TEXTS: readonly [score: number, text: string][] = [
  [5, '技师很专业，头皮护理后很舒服'],
  [5, '环境干净，服务热情，会再来'],
  [4, '效果不错，就是等位时间有点长'],
  [4, '性价比高，团购很划算'],
  [3, '一般，推销有点多'],
  [2, '预约后还要等半小时，体验不好'],
  [1, '到店被要求加钱，不推荐'],
];

/** A shop's reviews from `since` to now: 0 to 2 a day, the same every time they are asked. */
const simReviews = (platform: GroupBuyPlatform, shopId: string, since: Date, nowMs: number) => {
  const out: { review_id: string; score: number; content: string; reviewed_at: string }[] = [];
  const dayMs = 86_400_000;
  const first = Math.max(Math.floor(since.getTime() / dayMs), Math.floor(nowMs / dayMs) - 90);
  for (let day = first; day * dayMs <= nowMs; day++) {
    const n = Math.floor(draw(`${platform}:${shopId}:${day}`) * 3);
    for (let i = 0; i < n; i++) {
      const at = day * dayMs + Math.floor(draw(`${shopId}:${day}:${i}:t`) * dayMs);
      if (at < since.getTime() || at > nowMs) continue;
      const [score, content] = REVIEW_TEXTS[Math.floor(draw(`${shopId}:${day}:${i}:s`) * REVIEW_TEXTS.length)]!;
      out.push({ review_id: `${shopId}-${day}-${i}`, score, content, reviewed_at: new Date(at).toISOString() });
    }
  }
  return out;
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** One call of the simulated platform: the answer it would give. */
export const simulate = async (
  db: Db,
  platform: string,
  call: string,
  headers: Record<string, string | undefined>,
  raw: string,
  nowMs: number = Date.now(),
): Promise<SimAnswer> => {
  if (!(GROUPBUY_PLATFORM_VALUES as string[]).includes(platform)) return { status: 404, json: { error: 'not found' } };
  const p = platform as GroupBuyPlatform;
  if (call === 'sim/issue') return issue(db, p, raw);
  const fields = authenticate(p, headers, raw, nowMs);
  if (!fields) return refuse(p, 'auth');
  const now = new Date(nowMs);
  switch (call) {
    case 'shops': {
      const stores = await db.select({ code: store.code, name: store.name }).from(store).orderBy(asc(store.id));
      const label = DEALS[p].label;
      return okAnswer(p, {
        shops: stores.map((s) => ({ shop_id: simShopId(p, s.code), name: `${s.name}（${label}）` })),
      });
    }
    case 'deals':
      return okAnswer(p, { deals: await simDeals(db, p) });
    case 'prepare':
    case 'verify': {
      const code = str(fields.code);
      const shopId = str(fields.shop_id);
      const [row] = await db
        .select()
        .from(gbsimCode)
        .where(and(eq(gbsimCode.platform, p), eq(gbsimCode.code, code)));
      if (!row) return refuse(p, 'unknown');
      if (row.state !== 'unused') return refuse(p, 'used');
      if (row.expiresAt.getTime() < nowMs) return refuse(p, 'expired');
      if (row.shopId !== shopId) return refuse(p, 'wrongShop');
      if (call === 'prepare') {
        const deal = (await simDeals(db, p)).find((d) => d.deal_id === row.dealId);
        return okAnswer(p, {
          code,
          deal_id: row.dealId,
          deal_title: deal?.title ?? row.dealId,
          deal_price: deal?.price ?? row.paidAmount,
          paid_amount: row.paidAmount,
          expires_at: row.expiresAt.toISOString(),
        });
      }
      const verifyId = `${SHOP_PREFIX[p]}V${row.id}${nowMs.toString(36).toUpperCase()}`;
      // The platform's own guarantee: a code is used once, whoever asks at the same moment.
      const used = await db
        .update(gbsimCode)
        .set({ state: 'used', verifyId, usedAt: now })
        .where(and(eq(gbsimCode.id, row.id), eq(gbsimCode.state, 'unused')))
        .returning({ id: gbsimCode.id });
      if (used.length === 0) return refuse(p, 'used');
      return okAnswer(p, { verify_id: verifyId, verified_at: now.toISOString() });
    }
    case 'cancel': {
      const done = await db
        .update(gbsimCode)
        .set({ state: 'unused', verifyId: null, usedAt: null })
        .where(
          and(
            eq(gbsimCode.platform, p),
            eq(gbsimCode.code, str(fields.code)),
            eq(gbsimCode.verifyId, str(fields.verify_id)),
            eq(gbsimCode.state, 'used'),
            gte(gbsimCode.usedAt, new Date(nowMs - CANCEL_WINDOW_MS[p])),
          ),
        )
        .returning({ id: gbsimCode.id });
      return done.length ? okAnswer(p, { cancelled: true }) : refuse(p, 'notCancellable');
    }
    case 'reviews': {
      const since = new Date(str(fields.since));
      if (Number.isNaN(since.getTime())) return answer(p, 400, 'since 格式错误');
      return okAnswer(p, { reviews: simReviews(p, str(fields.shop_id), since, nowMs) });
    }
    default:
      return { status: 404, json: { error: 'not found' } };
  }
};

/** sim/issue: a member buys a deal for a shop on the platform (no signature: the simulator's own hook). */
const issue = async (db: Db, platform: GroupBuyPlatform, raw: string): Promise<SimAnswer> => {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return { status: 400, json: { error: 'body is not JSON' } };
  }
  const expiresAt = new Date(str(body.expires_at));
  const paid = Number(body.paid_amount);
  if (!str(body.code) || !str(body.shop_id) || !str(body.deal_id) || Number.isNaN(expiresAt.getTime())) {
    return { status: 400, json: { error: 'code, shop_id, deal_id and expires_at are required' } };
  }
  if (!Number.isInteger(paid) || paid < 0) return { status: 400, json: { error: 'paid_amount must be 分' } };
  await db
    .insert(gbsimCode)
    .values({
      platform,
      code: str(body.code),
      shopId: str(body.shop_id),
      dealId: str(body.deal_id),
      paidAmount: paid,
      expiresAt,
    })
    .onConflictDoNothing();
  return { status: 200, json: { ok: true } };
};

/** The simulator as a `fetch`, in process: for callers that run before the server listens (the seed). */
export const simulatorFetch =
  (db: Db, nowMs?: () => number): typeof fetch =>
  async (input, init) => {
    const url = new URL(String(input));
    const path = url.pathname.slice(url.pathname.indexOf(GBSIM_PREFIX) + GBSIM_PREFIX.length + 1);
    const [platform = '', ...rest] = path.split('/');
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const out = await simulate(db, platform, rest.join('/'), headers, String(init?.body ?? ''), nowMs?.());
    return new Response(JSON.stringify(out.json), {
      status: out.status,
      headers: { 'content-type': 'application/json' },
    });
  };

/** The in-process base simulatorFetch answers on. */
export const IN_PROCESS_BASE = `http://gbsim.local${GBSIM_PREFIX}`;

const config = { access: PUBLIC, accountVersion: false };

export const groupBuySimulator = async (app: FastifyInstance) => {
  app.register(async (scope) => {
    // Every body is read as the text sent: 抖音's signature is over it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(`${GBSIM_PREFIX}/:platform/*`, { config }, async (req, reply) => {
      const { platform, '*': call } = req.params as { platform: string; '*': string };
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
      ) as Record<string, string | undefined>;
      const out = await simulate(app.db, platform, call, headers, typeof req.body === 'string' ? req.body : '');
      return reply.code(out.status).header('cache-control', 'no-store').send(out.json);
    });
  });
};
