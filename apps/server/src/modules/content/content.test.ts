/**
 * 软文: the editor's HTML is stored sanitised (scripts, handlers and javascript: addresses gone;
 * an article that is nothing once cleaned refused with nothing written); 批量发布 / 批量下线 move
 * the states; the mini-program's reads count once per sender's number, only on a 已发布 article,
 * the figure equal to the read events; a 已发布 article is not deleted.
 */
import { type OpenSoftTextReadAnswer, SOFT_TEXT_API } from '@zb/contract/entities/content';
import { ERR } from '@zb/contract/errcodes';
import { OPEN_PATHS } from '@zb/contract/open/protocol';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPEN_KEYS } from '../../seed/openApi';
import { openPost } from '../../testing/openApi';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';
import { softText, softTextRead } from './schema';

let t: TestApp;
let admin: TestClient;

const ok = <R>(res: { body: { errcode: string; errmsg: string; data: R } }): R => {
  expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
  return res.body.data;
};

const articles = async () => Number((await t.db.select({ n: count() }).from(softText))[0]!.n);
const row = async (id: number) => (await t.db.select().from(softText).where(eq(softText.id, id)))[0]!;

let seq = 0;
const read = (id: number, readNo = `T-READ-${++seq}`) =>
  openPost<OpenSoftTextReadAnswer>(t.app, DEMO_OPEN_KEYS.mini, OPEN_PATHS.softTextReads, {
    readNo,
    id,
    at: new Date().toISOString(),
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin', 'admin123');
});

afterAll(() => t?.close());

describe('软文', () => {
  it('stores the editor’s HTML sanitised, and refuses one that is nothing once cleaned', async () => {
    const before = await articles();
    const empty = await admin.call(SOFT_TEXT_API.create!, {
      body: { title: '空', category: 'knowledge', content: '<script>alert(1)</script><p onclick="x()"></p>' },
    });
    expect(empty.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(await articles()).toBe(before);

    const { id } = ok(
      await admin.call(SOFT_TEXT_API.create!, {
        body: {
          title: '头皮护理',
          category: 'knowledge',
          summary: '要点',
          content:
            '<p onclick="steal()">护理<script>alert(1)</script>要点</p><img src="/f/1" onerror="alert(2)">' +
            '<a href="javascript:alert(3)">看</a><a href="https://zb.cn/x">详情</a>',
        },
      }),
    );
    const stored = await row(id);
    expect(stored.content).toBe('<p>护理要点</p><img src="/f/1"><a>看</a><a href="https://zb.cn/x">详情</a>');
    expect(stored.status).toBe('draft');
    expect(ok(await admin.call(SOFT_TEXT_API.detail, { params: { id } })).content).toBe(stored.content);

    ok(
      await admin.call(SOFT_TEXT_API.update!, {
        body: { id, content: '<p style="x">新<iframe src="//e"></iframe></p>' },
      }),
    );
    expect((await row(id)).content).toBe('<p>新</p>');
  });

  it('counts reads of a published article once per sender’s number, and none of a draft or an offline one', async () => {
    const { id } = ok(
      await admin.call(SOFT_TEXT_API.create!, { body: { title: '阅读', category: 'event', content: '<p>正文</p>' } }),
    );
    const refused = await read(id);
    expect(refused.errcode).toBe(ERR.SOFT_TEXT_NOT_PUBLISHED);

    expect(ok(await admin.call(SOFT_TEXT_API.batch!, { body: { action: 'publish', ids: [id] } })).count).toBe(1);
    const published = await row(id);
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();
    for (let i = 0; i < 3; i++) expect((await read(id)).errcode).toBe(ERR.OK);
    expect((await read(id, `T-READ-${seq}`)).data).toMatchObject({ reads: 3, replayed: true });
    const [events] = await t.db.select({ n: count() }).from(softTextRead).where(eq(softTextRead.softTextId, id));
    expect(Number(events!.n)).toBe(3);
    expect((await row(id)).reads).toBe(3);

    // Published: not deleted; offline: no more reads, then it may go.
    expect((await admin.call(SOFT_TEXT_API.delete!, { body: { ids: [id] } })).body.errcode).toBe(ERR.RECORD_IN_USE);
    expect(ok(await admin.call(SOFT_TEXT_API.batch!, { body: { action: 'offline', ids: [id] } })).count).toBe(1);
    expect((await read(id)).errcode).toBe(ERR.SOFT_TEXT_NOT_PUBLISHED);
    expect((await row(id)).reads).toBe(3);
    ok(await admin.call(SOFT_TEXT_API.delete!, { body: { ids: [id] } }));
    expect(await t.db.select().from(softText).where(eq(softText.id, id))).toHaveLength(0);
  });
});
