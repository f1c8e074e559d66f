/**
 * The built-in SHR simulator under /shrsim: the two calls of client.ts with SHR's wire protocol
 * (`{ code: "200", message, data }`), answering from shrsim_person. It knows one app, the
 * configured appId/appSecret (SHR_DEMO by default); its tokens are signed, so it keeps no token
 * state. Public routes, as SHR's would be; a test or the demo changes SHR's people with
 * `putSimPeople`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PUBLIC } from '@zb/contract/api/endpoint';
import { asc, count, gt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ShrConfig } from '../../config';
import type { Db } from '../../db/client';
import { SHR_CODES, type ShrPerson } from './client';
import { shrsimPerson } from './schema';

export const SHRSIM_PREFIX = '/shrsim';
/** The base simulatorFetch answers on, for callers that do not go through a listening server. */
export const SHRSIM_IN_PROCESS_BASE = `http://shrsim.local${SHRSIM_PREFIX}`;

const TOKEN_SECONDS = 7200;
const PAGE_SIZE_MAX = 500;

type Answer = { status: number; json: { code: string; message: string; data?: unknown } };
const answer = (code: string, message: string, data?: unknown): Answer => ({
  status: 200,
  json: { code, message, ...(data === undefined ? {} : { data }) },
});

const sign = (app: ShrConfig, expires: number) =>
  createHmac('sha256', app.appSecret).update(`${app.appId}.${expires}`).digest('hex');

const tokenOk = (app: ShrConfig, header: string | undefined, nowMs: number): boolean => {
  const m = /^Bearer (\d+)\.([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  const expires = Number(m[1]);
  if (expires * 1000 <= nowMs) return false;
  const want = Buffer.from(sign(app, expires));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got);
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const asRecord = (body: string): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(body) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** One call of the simulator: the path after /shrsim, the headers and the raw body. */
export const simulate = async (
  db: Db,
  app: ShrConfig,
  call: string,
  headers: Record<string, string | undefined>,
  rawBody: string,
  nowMs = Date.now(),
): Promise<Answer> => {
  const body = asRecord(rawBody);
  if (!body) return answer(SHR_CODES.BAD_REQUEST, '请求体不是 JSON 对象');
  if (call === 'api/oauth/token') {
    if (body.appId !== app.appId || body.appSecret !== app.appSecret)
      return answer(SHR_CODES.AUTH, 'appId 或 appSecret 错误');
    const expires = Math.floor(nowMs / 1000) + TOKEN_SECONDS;
    return answer(SHR_CODES.OK, 'success', {
      accessToken: `${expires}.${sign(app, expires)}`,
      expiresIn: TOKEN_SECONDS,
    });
  }
  if (call === 'api/person/changes') {
    if (!tokenOk(app, headers.authorization, nowMs)) return answer(SHR_CODES.TOKEN, 'accessToken 无效或已过期');
    const { since, pageNo, pageSize } = body;
    const sinceOk =
      since === null || since === undefined || (typeof since === 'string' && !Number.isNaN(Date.parse(since)));
    const intOk = (v: unknown, max: number) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max;
    if (!sinceOk || !intOk(pageNo, 100_000) || !intOk(pageSize, PAGE_SIZE_MAX)) {
      return answer(SHR_CODES.BAD_REQUEST, 'since、pageNo 或 pageSize 无效');
    }
    const where: SQL | undefined = typeof since === 'string' ? gt(shrsimPerson.updatedAt, new Date(since)) : undefined;
    const [{ total }] = (await db.select({ total: count() }).from(shrsimPerson).where(where)) as [{ total: number }];
    const rows = await db
      .select()
      .from(shrsimPerson)
      .where(where)
      .orderBy(asc(shrsimPerson.updatedAt), asc(shrsimPerson.personNo))
      .limit(pageSize as number)
      .offset(((pageNo as number) - 1) * (pageSize as number));
    const list: ShrPerson[] = rows.map((r) => ({
      personNo: r.personNo,
      name: r.name,
      phone: r.phone,
      orgCode: r.orgCode,
      orgName: r.orgName,
      jobCode: r.jobCode,
      jobName: r.jobName,
      status: r.status as ShrPerson['status'],
      entryDate: r.entryDate,
      leaveDate: r.leaveDate,
      updatedAt: iso(r.updatedAt)!,
    }));
    return answer(SHR_CODES.OK, 'success', { total: Number(total), list });
  }
  return { status: 404, json: { code: '404', message: '接口不存在' } };
};

/** The simulator as a `fetch`, in process: for the scheduled job and the seed, which have no listening server. */
export const shrSimulatorFetch =
  (db: Db, app: ShrConfig): typeof fetch =>
  async (input, init) => {
    const url = new URL(String(input));
    const call = url.pathname.slice(url.pathname.indexOf(SHRSIM_PREFIX) + SHRSIM_PREFIX.length + 1);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const out = await simulate(db, app, call, headers, String(init?.body ?? ''));
    return new Response(JSON.stringify(out.json), {
      status: out.status,
      headers: { 'content-type': 'application/json' },
    });
  };

/** SHR's people as a test or the demo says they are now: each row's updatedAt is now (a change SHR reports). */
export const putSimPeople = async (
  db: Db,
  people: readonly Omit<ShrPerson, 'updatedAt'>[],
  at: Date = new Date(),
): Promise<void> => {
  if (people.length === 0) return;
  await db
    .insert(shrsimPerson)
    .values(people.map((p) => ({ ...p, updatedAt: at })))
    .onConflictDoUpdate({
      target: shrsimPerson.personNo,
      set: {
        name: sql`excluded.name`,
        phone: sql`excluded.phone`,
        orgCode: sql`excluded.org_code`,
        orgName: sql`excluded.org_name`,
        jobCode: sql`excluded.job_code`,
        jobName: sql`excluded.job_name`,
        status: sql`excluded.status`,
        entryDate: sql`excluded.entry_date`,
        leaveDate: sql`excluded.leave_date`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
};

const config = { access: PUBLIC, accountVersion: false };

export const shrSimulator = async (app: FastifyInstance) => {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(`${SHRSIM_PREFIX}/*`, { config }, async (req, reply) => {
      const { '*': call } = req.params as { '*': string };
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
      ) as Record<string, string | undefined>;
      const out = await simulate(app.db, app.config.shr, call, headers, typeof req.body === 'string' ? req.body : '');
      return reply.code(out.status).header('cache-control', 'no-store').send(out.json);
    });
  });
};
