/**
 * 小程序首页配置 (contract entities/homepage.ts): the draft is saved whole, checked against what it
 * links to (goods on sale, 软文 published) with a field error naming the item; 发布 copies the
 * draft into a new version under a lock, so two publications never share a number; the
 * mini-program reads the newest version with its links resolved, leaving out goods gone off sale
 * and 软文 withdrawn since.
 */
import {
  EMPTY_HOME,
  type HomeDoc,
  type HomeLink,
  type HomeState,
  type HomeTarget,
  type HomeVersionRow,
  homeDocSchema,
  type MiniHome,
  type MiniLink,
} from '@zb/contract/entities/homepage';
import { ERR } from '@zb/contract/errcodes';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import { BizError, fieldError } from '../../platform/errors';
import { userAccount } from '../accounts/schema';
import { softText } from '../content/schema';
import { product, project } from '../goods/schema';
import { homeDraft, homeVersion } from './schema';

type TargetKind = HomeTarget['kind'];
interface TargetRow extends HomeTarget {
  image: string | null;
}

/** Every goods and 软文 a page refers to, with the path of its first mention. */
const refsOf = (doc: HomeDoc): { kind: TargetKind; id: number; path: string }[] => {
  const out: { kind: TargetKind; id: number; path: string }[] = [];
  const link = (l: HomeLink, path: string) => {
    if ((l.kind === 'product' || l.kind === 'project' || l.kind === 'softText') && l.targetId)
      out.push({ kind: l.kind, id: l.targetId, path: `${path}.link.targetId` });
  };
  for (const [i, b] of doc.banners.entries()) link(b.link, `banners.${i}`);
  for (const [i, n] of doc.navs.entries()) link(n.link, `navs.${i}`);
  for (const [i, g] of doc.goods.entries()) out.push({ kind: g.kind, id: g.id, path: `goods.${i}.id` });
  return out;
};

const loadTargets = async (db: Db, refs: readonly { kind: TargetKind; id: number }[]): Promise<TargetRow[]> => {
  const ids = (k: TargetKind) => [...new Set(refs.filter((r) => r.kind === k).map((r) => r.id))];
  const out: TargetRow[] = [];
  if (ids('product').length) {
    const rows = await db
      .select({
        id: product.id,
        name: product.name,
        price: product.retailPrice,
        status: product.status,
        images: product.images,
      })
      .from(product)
      .where(inArray(product.id, ids('product')));
    for (const r of rows)
      out.push({
        kind: 'product',
        id: r.id,
        name: r.name,
        price: r.price,
        usable: r.status === 'on',
        image: r.images[0] ?? null,
      });
  }
  if (ids('project').length) {
    const rows = await db
      .select({ id: project.id, name: project.name, price: project.price, status: project.status })
      .from(project)
      .where(inArray(project.id, ids('project')));
    for (const r of rows)
      out.push({ kind: 'project', id: r.id, name: r.name, price: r.price, usable: r.status === 'on', image: null });
  }
  if (ids('softText').length) {
    const rows = await db
      .select({ id: softText.id, name: softText.title, status: softText.status })
      .from(softText)
      .where(inArray(softText.id, ids('softText')));
    for (const r of rows)
      out.push({
        kind: 'softText',
        id: r.id,
        name: r.name,
        price: null,
        usable: r.status === 'published',
        image: null,
      });
  }
  return out;
};

const KIND_TEXT: Record<TargetKind, string> = { product: '商品', project: '项目', softText: '软文' };

/** Refuses a draft linking to what is gone, off sale or not published: the first such item's field. */
const checkTargets = async (db: Db, doc: HomeDoc) => {
  const refs = refsOf(doc);
  const found = await loadTargets(db, refs);
  for (const r of refs) {
    const t = found.find((f) => f.kind === r.kind && f.id === r.id);
    if (!t) throw fieldError(r.path, `${KIND_TEXT[r.kind]}不存在`);
    if (!t.usable)
      throw fieldError(
        r.path,
        r.kind === 'softText' ? `软文「${t.name}」未发布` : `${KIND_TEXT[r.kind]}「${t.name}」已停售`,
      );
  }
};

const parse = (doc: unknown): HomeDoc => {
  const r = homeDocSchema.safeParse(doc);
  return r.success ? r.data : EMPTY_HOME;
};
const same = (a: HomeDoc, b: HomeDoc | null) => b !== null && JSON.stringify(a) === JSON.stringify(b);

const nameOf = async (db: Db, id: number | null): Promise<string | null> => {
  if (id === null) return null;
  const [u] = await db.select({ n: userAccount.nickname }).from(userAccount).where(eq(userAccount.id, id));
  return u?.n ?? null;
};

export const homeState = async (db: Db): Promise<HomeState> => {
  const [d] = await db.select().from(homeDraft).where(eq(homeDraft.id, 1));
  const [v] = await db.select().from(homeVersion).orderBy(desc(homeVersion.version)).limit(1);
  const published = v ? parse(v.doc) : null;
  const draft = d ? parse(d.doc) : (published ?? EMPTY_HOME);
  const targets = (await loadTargets(db, [...refsOf(draft), ...(published ? refsOf(published) : [])])).map(
    ({ image: _i, ...t }) => t,
  );
  return {
    draft,
    draftSavedAt: d?.savedAt.toISOString() ?? null,
    draftSavedBy: await nameOf(db, d?.savedBy ?? null),
    published,
    publishedAt: v?.publishedAt.toISOString() ?? null,
    publishedBy: await nameOf(db, v?.publishedBy ?? null),
    version: v?.version ?? 0,
    unpublished: !same(draft, published),
    targets,
  };
};

const writeDraft = async (tx: Tx, doc: HomeDoc, userId: number) => {
  const [before] = await tx.select({ doc: homeDraft.doc }).from(homeDraft).where(eq(homeDraft.id, 1));
  await tx
    .insert(homeDraft)
    .values({ id: 1, doc, savedBy: userId })
    .onConflictDoUpdate({ target: homeDraft.id, set: { doc, savedBy: userId, savedAt: sql`now()` } });
  return before?.doc ?? null;
};

export const saveHomeDraft = async (db: Db, userId: number, doc: HomeDoc): Promise<HomeState> => {
  await checkTargets(db, doc);
  await db.transaction(async (tx) => {
    const before = await writeDraft(tx, doc, userId);
    await recordOperation(tx, { userId, action: 'homeSave', target: 'home_draft:1', before, after: doc });
  });
  return homeState(db);
};

export const publishHome = async (db: Db, userId: number): Promise<HomeState> => {
  await db.transaction(async (tx) => {
    // One publication at a time: the draft row is the lock.
    const [d] = await tx.select().from(homeDraft).where(eq(homeDraft.id, 1)).for('update');
    const [v] = await tx.select().from(homeVersion).orderBy(desc(homeVersion.version)).limit(1);
    const draft = d ? parse(d.doc) : null;
    if (!draft || same(draft, v ? parse(v.doc) : null)) throw new BizError(ERR.HOME_NOTHING_TO_PUBLISH);
    // What the draft links to may have gone off sale since it was saved.
    await checkTargets(tx, draft);
    const version = (v?.version ?? 0) + 1;
    const [made] = await tx
      .insert(homeVersion)
      .values({ version, doc: draft, publishedBy: userId })
      .returning({ id: homeVersion.id });
    await recordOperation(tx, {
      userId,
      action: 'homePublish',
      target: `home_version:${made!.id}`,
      after: { version },
    });
  });
  return homeState(db);
};

/** 放弃修改: the draft becomes the published version again (or empty, never published). */
export const discardHomeDraft = async (db: Db, userId: number): Promise<HomeState> => {
  await db.transaction(async (tx) => {
    const [v] = await tx.select().from(homeVersion).orderBy(desc(homeVersion.version)).limit(1);
    const doc = v ? parse(v.doc) : EMPTY_HOME;
    const before = await writeDraft(tx, doc, userId);
    await recordOperation(tx, { userId, action: 'homeDiscard', target: 'home_draft:1', before, after: doc });
  });
  return homeState(db);
};

/** An older publication brought back as the draft (it is published again by 发布). */
export const restoreHomeVersion = async (db: Db, userId: number, id: number): Promise<HomeState> => {
  await db.transaction(async (tx) => {
    const [v] = await tx.select().from(homeVersion).where(eq(homeVersion.id, id));
    if (!v) throw new BizError(ERR.RECORD_NOT_FOUND);
    const doc = parse(v.doc);
    const before = await writeDraft(tx, doc, userId);
    await recordOperation(tx, {
      userId,
      action: 'homeRestore',
      target: 'home_draft:1',
      before,
      after: { version: v.version },
    });
  });
  return homeState(db);
};

export const homeVersions = async (
  db: Db,
  q: { pageNo: number; pageSize: number },
): Promise<{ list: HomeVersionRow[]; total: number }> => {
  const [{ total }] = (await db.select({ total: count() }).from(homeVersion)) as [{ total: number }];
  const rows = await db
    .select({
      id: homeVersion.id,
      version: homeVersion.version,
      doc: homeVersion.doc,
      publishedAt: homeVersion.publishedAt,
      publishedBy: userAccount.nickname,
    })
    .from(homeVersion)
    .leftJoin(userAccount, eq(userAccount.id, homeVersion.publishedBy))
    .orderBy(desc(homeVersion.version))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return {
    total: Number(total),
    list: rows.map((r) => {
      const d = parse(r.doc);
      return {
        id: r.id,
        version: r.version,
        publishedAt: r.publishedAt.toISOString(),
        publishedBy: r.publishedBy,
        banners: d.banners.length,
        navs: d.navs.length,
        goods: d.goods.length,
      };
    }),
  };
};

/** The 软文 a link may go to: published ones, newest first. */
export const publishedSoftTexts = (db: Db) =>
  db
    .select({ id: softText.id, name: softText.title })
    .from(softText)
    .where(eq(softText.status, 'published'))
    .orderBy(desc(softText.id))
    .limit(200);

/** What the mini-program reads. */
export const miniHome = async (db: Db): Promise<MiniHome> => {
  const [v] = await db.select().from(homeVersion).orderBy(desc(homeVersion.version)).limit(1);
  if (!v) throw new BizError(ERR.HOME_NOT_PUBLISHED);
  const doc = parse(v.doc);
  const targets = await loadTargets(db, refsOf(doc));
  const target = (kind: string, id: number | null) =>
    targets.find((t) => t.kind === kind && t.id === id && t.usable) ?? null;
  /** A link to what is gone or withdrawn goes nowhere. */
  const link = (l: HomeLink): MiniLink => {
    if (l.kind === 'none' || l.kind === 'url') return { ...l, title: null };
    const t = target(l.kind, l.targetId);
    return t ? { ...l, title: t.name } : { kind: 'none', targetId: null, url: null, title: null };
  };
  return {
    version: v.version,
    publishedAt: v.publishedAt.toISOString(),
    notice: doc.notice,
    banners: doc.banners.map((b) => ({ image: b.image, title: b.title, link: link(b.link) })),
    navs: doc.navs.map((n) => ({ icon: n.icon, title: n.title, link: link(n.link) })),
    goods: doc.goods.flatMap((g) => {
      const t = target(g.kind, g.id);
      return t ? [{ kind: g.kind, id: g.id, name: t.name, price: t.price ?? 0, image: t.image }] : [];
    }),
  };
};
