/**
 * The built-in WeCom simulator's customer-contact calls (client.ts), under /wxsim beside its web
 * login: WeCom's own answers (`{ errcode, errmsg, … }`), tokens from the same gettoken
 * (wxwork/simulatorStore), the contacts and tags in scrmsim_contact and scrmsim_tag. A test or the
 * demo puts a staff member's customers there with `putSimContacts`, as adding them on a phone would.
 */
import { randomBytes } from 'node:crypto';
import { PUBLIC } from '@zb/contract/api/endpoint';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { WxworkConfig } from '../../config';
import type { Db } from '../../db/client';
import { WECOM } from '../wxwork/client';
import { SIM_PREFIX } from '../wxwork/simulator';
import { checkToken, issueToken } from '../wxwork/simulatorStore';
import { scrmsimContact, scrmsimTag } from './schema';

export const SCRMSIM_IN_PROCESS_BASE = `http://wxsim.local${SIM_PREFIX}`;
const PAGE_MAX = 100;

type Answer = Record<string, unknown>;
const err = (errcode: number, errmsg: string): Answer => ({ errcode, errmsg });
const ok = (extra: Answer = {}): Answer => ({ errcode: 0, errmsg: 'ok', ...extra });

const strings = (v: unknown, max: number): string[] | null =>
  Array.isArray(v) && v.length <= max && v.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 64)
    ? (v as string[])
    : null;

export const simulateContacts = async (
  db: Db,
  cfg: WxworkConfig,
  call: string,
  query: URLSearchParams,
  body: unknown,
): Promise<Answer> => {
  if (call === 'cgi-bin/gettoken') {
    if (query.get('corpid') !== cfg.corpId) return err(WECOM.INVALID_CORPID, 'invalid corpid');
    if (query.get('corpsecret') !== cfg.secret) return err(WECOM.BAD_SECRET, 'invalid credential');
    return ok({ access_token: await issueToken(db, cfg.corpId), expires_in: 7200 });
  }
  const check = await checkToken(db, query.get('access_token') ?? '', cfg.corpId);
  if (check === 'invalid') return err(WECOM.INVALID_TOKEN, 'invalid access_token');
  if (check === 'expired') return err(WECOM.TOKEN_EXPIRED, 'access_token expired');
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (!b) return err(47001, 'data format error');
  const tagGroups = async () => {
    const tags = await db.select().from(scrmsimTag).orderBy(asc(scrmsimTag.groupName), asc(scrmsimTag.tagId));
    const groups = new Map<string, { id: string; name: string }[]>();
    for (const t of tags) groups.set(t.groupName, [...(groups.get(t.groupName) ?? []), { id: t.tagId, name: t.name }]);
    return [...groups].map(([group_name, tag]) => ({ group_name, tag }));
  };
  switch (call) {
    case 'cgi-bin/externalcontact/get_corp_tag_list':
      return ok({ tag_group: await tagGroups() });
    case 'cgi-bin/externalcontact/add_corp_tag': {
      const group = b.group_name;
      const names = Array.isArray(b.tag) ? b.tag.map((t) => (t as { name?: unknown })?.name) : null;
      if (typeof group !== 'string' || !group || group.length > 30) return err(40068, 'invalid group_name');
      if (!names?.length || !names.every((n) => typeof n === 'string' && n.length > 0 && n.length <= 30)) {
        return err(40071, 'invalid tag name');
      }
      const made = [];
      for (const name of names as string[]) {
        const [exists] = await db
          .select()
          .from(scrmsimTag)
          .where(and(eq(scrmsimTag.groupName, group), eq(scrmsimTag.name, name)));
        if (exists) return err(40071, 'tag name exists');
        const tagId = `et${randomBytes(10).toString('hex')}`;
        await db.insert(scrmsimTag).values({ tagId, groupName: group, name });
        made.push({ id: tagId, name });
      }
      return ok({ tag_group: { group_name: group, tag: made } });
    }
    case 'cgi-bin/externalcontact/batch/get_by_user': {
      const users = strings(b.userid_list, 100);
      const limit = b.limit === undefined ? PAGE_MAX : b.limit;
      const cursor = typeof b.cursor === 'string' ? b.cursor : '';
      if (!users?.length) return err(40031, 'invalid userid_list');
      if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > PAGE_MAX)
        return err(40058, 'invalid limit');
      const after = cursor ? cursor.split('|') : null;
      if (after && after.length !== 2) return err(40058, 'invalid cursor');
      const rows = await db
        .select()
        .from(scrmsimContact)
        .where(
          and(
            inArray(scrmsimContact.followUserId, users),
            after
              ? sql`(${scrmsimContact.followUserId}, ${scrmsimContact.externalUserId}) > (${after[0]}, ${after[1]})`
              : undefined,
          ),
        )
        .orderBy(asc(scrmsimContact.followUserId), asc(scrmsimContact.externalUserId))
        .limit((limit as number) + 1);
      const page = rows.slice(0, limit as number);
      const last = page.at(-1);
      return ok({
        external_contact_list: page.map((r) => ({
          external_contact: { external_userid: r.externalUserId, name: r.name },
          follow_info: {
            userid: r.followUserId,
            remark_mobiles: r.remarkMobile ? [r.remarkMobile] : [],
            createtime: Math.floor(r.createdAt.getTime() / 1000),
            tag_id: r.tags,
          },
        })),
        next_cursor: rows.length > page.length && last ? `${last.followUserId}|${last.externalUserId}` : '',
      });
    }
    case 'cgi-bin/externalcontact/mark_tag': {
      const { userid, external_userid: ext } = b;
      const add = strings(b.add_tag ?? [], 100);
      const remove = strings(b.remove_tag ?? [], 100);
      if (typeof userid !== 'string' || typeof ext !== 'string' || !add || !remove) return err(40058, 'invalid param');
      const [c] = await db
        .select()
        .from(scrmsimContact)
        .where(and(eq(scrmsimContact.followUserId, userid), eq(scrmsimContact.externalUserId, ext)));
      if (!c) return err(84061, 'not external contact');
      const known = await db.select({ id: scrmsimTag.tagId }).from(scrmsimTag);
      if ([...add, ...remove].some((t) => !known.some((k) => k.id === t))) return err(40068, 'invalid tagid');
      const tags = [...new Set([...c.tags.filter((t) => !remove.includes(t)), ...add])];
      await db
        .update(scrmsimContact)
        .set({ tags })
        .where(and(eq(scrmsimContact.followUserId, userid), eq(scrmsimContact.externalUserId, ext)));
      return ok();
    }
    default:
      return { errcode: 404, errmsg: 'api not found' };
  }
};

/** The simulator as a `fetch`, in process (the job and the seed have no listening server). */
export const scrmSimulatorFetch =
  (db: Db, cfg: WxworkConfig): typeof fetch =>
  async (input, init) => {
    const url = new URL(String(input));
    const call = url.pathname.slice(url.pathname.indexOf(SIM_PREFIX) + SIM_PREFIX.length + 1);
    let body: unknown = null;
    try {
      body = init?.body ? JSON.parse(String(init.body)) : null;
    } catch {
      body = null;
    }
    const out = await simulateContacts(db, cfg, call, url.searchParams, body);
    return new Response(JSON.stringify(out), { status: 200, headers: { 'content-type': 'application/json' } });
  };

/** A WeCom member's customers as a test or the demo says they are (added on a phone). */
export const putSimContacts = async (
  db: Db,
  rows: readonly {
    externalUserId: string;
    followUserId: string;
    name: string;
    remarkMobile?: string | null;
    createdAt: Date;
    tags?: string[];
  }[],
): Promise<void> => {
  if (!rows.length) return;
  await db
    .insert(scrmsimContact)
    .values(rows.map((r) => ({ ...r, remarkMobile: r.remarkMobile ?? null, tags: r.tags ?? [] })))
    .onConflictDoUpdate({
      target: [scrmsimContact.externalUserId, scrmsimContact.followUserId],
      set: { name: sql`excluded.name`, remarkMobile: sql`excluded.remark_mobile`, tags: sql`excluded.tags` },
    });
};

/** A customer deleted by the staff member in WeCom. */
export const removeSimContact = (db: Db, externalUserId: string, followUserId: string) =>
  db
    .delete(scrmsimContact)
    .where(and(eq(scrmsimContact.externalUserId, externalUserId), eq(scrmsimContact.followUserId, followUserId)));

/** WeCom tags a test or the demo made in WeCom's own console. */
export const putSimTag = async (db: Db, groupName: string, name: string): Promise<string> => {
  const [row] = await db
    .insert(scrmsimTag)
    .values({ tagId: `et${randomBytes(10).toString('hex')}`, groupName, name })
    .onConflictDoUpdate({ target: [scrmsimTag.groupName, scrmsimTag.name], set: { name: sql`excluded.name` } })
    .returning({ tagId: scrmsimTag.tagId });
  return row!.tagId;
};

/** The tags a contact has in the simulator (tests). */
export const simContactTags = async (db: Db, externalUserId: string, followUserId: string) =>
  (
    await db
      .select({ tags: scrmsimContact.tags })
      .from(scrmsimContact)
      .where(and(eq(scrmsimContact.externalUserId, externalUserId), eq(scrmsimContact.followUserId, followUserId)))
  )[0]?.tags ?? [];

const config = { access: PUBLIC, accountVersion: false };

export const scrmSimulator = async (app: FastifyInstance) => {
  for (const call of ['get_corp_tag_list', 'add_corp_tag', 'batch/get_by_user', 'mark_tag']) {
    app.post(`${SIM_PREFIX}/cgi-bin/externalcontact/${call}`, { config }, async (req, reply) => {
      const query = new URL(req.url, 'http://x').searchParams;
      const out = await simulateContacts(app.db, app.config.wxwork, `cgi-bin/externalcontact/${call}`, query, req.body);
      return reply.header('cache-control', 'no-store').send(out);
    });
  }
};
