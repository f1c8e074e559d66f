/**
 * 小程序首页配置: the demo's published page and the draft changed since; a draft is checked whole
 * (images, limits, duplicates, links to goods on sale and 软文 published) and a refused one changes
 * nothing; 发布 makes the next version, the mini-program reads it through the open API with its
 * goods resolved and what went off sale since left out; 放弃修改 and 恢复 bring back a version.
 */
import { HOMEPAGE_API, type HomeDoc, type MiniHome } from '@zb/contract/entities/homepage';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statFile } from '../../platform/files/store';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { softText } from '../content/schema';
import { product } from '../goods/schema';
import { fieldErrors, okData, refused, signInRegion } from '../storesMore/testHelpers';
import { homeDraft } from './schema';

let t: TestApp;
let admin: TestClient;
let li: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
  li = await signInRegion(t);
}, 180_000);
afterAll(() => t.close());

const readHome = () => openPost<MiniHome>(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.miniHome, {});
const draftRow = async () => (await t.db.select().from(homeDraft).where(eq(homeDraft.id, 1)))[0]!.doc;

describe('the demo', () => {
  it('has version 1 published and a draft changed since; the mini-program reads version 1', async () => {
    const s = okData(await admin.call(HOMEPAGE_API.get));
    expect(s.version).toBe(1);
    expect(s.unpublished).toBe(true);
    expect(s.published!.banners).toHaveLength(3);
    expect(s.draft.notice).not.toBe(s.published!.notice);
    expect(s.targets.every((x) => x.usable)).toBe(true);
    const home = await readHome();
    expect(home.errcode).toBe(ERR.OK);
    expect(home.data).toMatchObject({ version: 1, notice: s.published!.notice });
    expect(home.data.goods).toHaveLength(s.published!.goods.length);
    expect(home.data.banners[0]!.link).toMatchObject({ kind: 'softText', title: expect.any(String) });
    // The images are uploads in the file store.
    const file = await statFile(t.db, home.data.banners[0]!.image.split('/').pop()!);
    expect(file).toMatchObject({ kind: 'upload', mime: 'image/png' });
  });
});

describe('the draft', () => {
  it('refuses a draft with its field named, and keeps the draft as it was', async () => {
    const s = okData(await admin.call(HOMEPAGE_API.get));
    const before = await draftRow();
    const bad = (doc: unknown) => admin.call(HOMEPAGE_API.save, { body: doc as HomeDoc });
    const d = s.draft;
    expect(
      fieldErrors(await bad({ ...d, banners: [{ ...d.banners[0]!, image: 'http://x.cn/a.png' }] })),
    ).toHaveProperty('banners.0.image');
    expect(fieldErrors(await bad({ ...d, navs: [{ ...d.navs[0]!, title: '一二三四五六七' }] }))).toHaveProperty(
      'navs.0.title',
    );
    expect(fieldErrors(await bad({ ...d, goods: [d.goods[0]!, d.goods[0]!] }))).toHaveProperty('goods.1.id');
    expect(fieldErrors(await bad({ ...d, goods: [{ kind: 'product', id: 2147483648 }] }))).toHaveProperty('goods.0.id');
    expect(
      fieldErrors(await bad({ ...d, banners: [{ ...d.banners[0]!, link: { kind: 'url', url: 'ftp://x' } }] })),
    ).toHaveProperty('banners.0.link.url');
    expect(fieldErrors(await bad({ ...d, banners: [{ ...d.banners[0]!, link: { kind: 'product' } }] }))).toHaveProperty(
      'banners.0.link.targetId',
    );
    // A product off sale.
    const [off] = await t.db.select({ id: product.id }).from(product).where(eq(product.status, 'off')).limit(1);
    if (off) {
      const res = await bad({ ...d, goods: [{ kind: 'product', id: off.id }] });
      expect(fieldErrors(res)['goods.0.id']).toMatch(/已停售/);
    }
    expect(fieldErrors(await bad({ ...d, goods: [{ kind: 'project', id: 999999 }] }))['goods.0.id']).toBe('项目不存在');
    expect(await draftRow()).toEqual(before);
    // Without /homepageManagement: refused.
    refused(await li.call(HOMEPAGE_API.save, { body: d }), ERR.FORBIDDEN);
  });

  it('publishes the next version once; the mini-program reads it; what went off sale since is left out', async () => {
    const published = okData(await admin.call(HOMEPAGE_API.publish));
    expect(published).toMatchObject({ version: 2, unpublished: false });
    refused(await admin.call(HOMEPAGE_API.publish), ERR.HOME_NOTHING_TO_PUBLISH);
    const home = await readHome();
    expect(home.data).toMatchObject({ version: 2, notice: published.draft.notice });

    const gone = published.published!.goods.find((g) => g.kind === 'product')!;
    await t.db.update(product).set({ status: 'off' }).where(eq(product.id, gone.id));
    const article = published.published!.banners[0]!.link.targetId!;
    await t.db.update(softText).set({ status: 'offline' }).where(eq(softText.id, article));
    try {
      const after = await readHome();
      expect(after.data.goods.some((g) => g.kind === 'product' && g.id === gone.id)).toBe(false);
      expect(after.data.goods).toHaveLength(published.published!.goods.length - 1);
      expect(after.data.banners[0]!.link).toEqual({ kind: 'none', targetId: null, url: null, title: null });
      const s = okData(await admin.call(HOMEPAGE_API.get));
      expect(s.targets.find((x) => x.kind === 'product' && x.id === gone.id)!.usable).toBe(false);
    } finally {
      await t.db.update(product).set({ status: 'on' }).where(eq(product.id, gone.id));
      await t.db.update(softText).set({ status: 'published' }).where(eq(softText.id, article));
    }
    // The POS key may not read it.
    const pos = await openPost(t.app, DEMO_OPEN_KEYS.pos, OPEN_PATHS.miniHome, {});
    expect(pos.errcode).not.toBe(ERR.OK);
  });

  it('放弃修改 and 恢复 bring a published version back as the draft', async () => {
    const s = okData(await admin.call(HOMEPAGE_API.get));
    okData(await admin.call(HOMEPAGE_API.save, { body: { ...s.draft, notice: '临时修改' } }));
    const discarded = okData(await admin.call(HOMEPAGE_API.discard));
    expect(discarded.draft).toEqual(discarded.published);
    expect(discarded.unpublished).toBe(false);

    const versions = okData(await admin.call(HOMEPAGE_API.versions, { query: { pageNo: 1, pageSize: 10 } }));
    expect(versions.list.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.list[1]).toMatchObject({ banners: 3, navs: 5, publishedBy: expect.any(String) });
    const restored = okData(await admin.call(HOMEPAGE_API.restore, { body: { id: versions.list[1]!.id } }));
    expect(restored.unpublished).toBe(true);
    expect(restored.version).toBe(2);
    refused(await admin.call(HOMEPAGE_API.restore, { body: { id: 999999 } }), ERR.RECORD_NOT_FOUND);
  });
});
