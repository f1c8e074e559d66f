/** Image uploads on the API: the real type, the size setting, storage, serving, and refusals. */
import { UPLOAD_API, type UploadedImage } from '@zb/contract/api/uploads';
import { ERR } from '@zb/contract/errcodes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSetting, operationLog } from '../../platform/schema';
import { getBytes } from '../../testing/exports';
import { userRoleIdOf } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/testApp';
import type { TestClient } from '../../testing/testClient';

let t: TestApp;
let zhang: TestClient;
let li: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  zhang = await t.signIn('13800000001', 'hq123456', await userRoleIdOf(t.db, '13800000001', 'HQ_OPS'));
  li = await t.signIn('13800000002', 'region123', await userRoleIdOf(t.db, '13800000002', 'REGION_MANAGER'));
});
afterAll(() => t.close());

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one file part (and optional extra text fields). */
const multipart = (file: { name: string; type: string; data: Buffer } | null, fields: Record<string, string> = {}) => {
  const boundary = '----zbTestBoundary7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};

const upload = (c: TestClient, file: { name: string; type: string; data: Buffer } | null) => {
  const { body, contentType } = multipart(file);
  return c.call(UPLOAD_API.uploadImg, { rawBody: body, headers: { 'content-type': contentType } });
};

const setMaxKb = async (kb: number | null) => {
  await t.db.delete(appSetting).where(eq(appSetting.key, 'setting.uploadMaxKb'));
  if (kb !== null) await t.db.insert(appSetting).values({ key: 'setting.uploadMaxKb', value: String(kb) });
};

describe('POST /rest/upload/uploadImg', () => {
  it('stores a PNG and answers its url, name and size; any signed-in user can view it', async () => {
    const res = await upload(zhang, { name: '门店照片.png', type: 'image/png', data: PNG });
    expect(res.body.errcode, res.body.errmsg).toBe(ERR.OK);
    const img: UploadedImage = res.body.data;
    expect(img).toMatchObject({ name: '门店照片.png', size: PNG.length });
    expect(img.url).toMatch(/^\/rest\/upload\/file\/[0-9a-f-]{36}$/);

    for (const c of [zhang, li]) {
      const got = await getBytes(t.app, c, img.url, {});
      expect(got.status).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['cache-control']).toContain('max-age=31536000');
      expect(got.bytes.equals(PNG)).toBe(true);
    }
    const id = img.url.split('/').pop();
    const [log] = await t.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.target, `stored_file:${id}`));
    expect(log).toMatchObject({
      action: 'uploadImg',
      after: { name: '门店照片.png', mime: 'image/png', size: PNG.length },
    });
  });

  it('names the file by its real type, whatever the name said', async () => {
    const res = await upload(zhang, { name: 'C:\\fakepath\\photo.txt', type: 'text/plain', data: PNG });
    expect(res.body.errcode).toBe(ERR.OK);
    expect(res.body.data.name).toBe('photo.png');
    const got = await getBytes(t.app, zhang, res.body.data.url, {});
    expect(got.headers['content-type']).toBe('image/png');
  });

  it('refuses a text file named .png, and stores nothing', async () => {
    const res = await upload(zhang, { name: 'fake.png', type: 'image/png', data: Buffer.from('我不是图片') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      errcode: ERR.UPLOAD_TYPE,
      errmsg: '不支持的图片类型，仅支持 PNG、JPEG、GIF、WEBP',
    });
    expect(res.body.errcode).toBe('UPLOAD-41501');
  });

  it('refuses a file over the uploadMaxKb setting with the limit in the message', async () => {
    await setMaxKb(100);
    try {
      const big = Buffer.concat([PNG, Buffer.alloc(101 * 1024)]);
      const res = await upload(zhang, { name: 'big.png', type: 'image/png', data: big });
      expect(res.body).toMatchObject({ errcode: 'UPLOAD-41301', errmsg: '图片不能超过 100KB' });
      const ok = await upload(zhang, { name: 'small.png', type: 'image/png', data: PNG });
      expect(ok.body.errcode).toBe(ERR.OK);
      const limits = await zhang.call(UPLOAD_API.limits);
      expect(limits.body.data).toEqual({ maxKb: 100, types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] });
    } finally {
      await setMaxKb(null);
    }
  });

  it('answers the default limit of 5 MB', async () => {
    const limits = await zhang.call(UPLOAD_API.limits);
    expect(limits.body.data.maxKb).toBe(5120);
  });

  it('refuses a request without a file, an empty file, and a JSON body, in Chinese', async () => {
    const none = await upload(zhang, null);
    expect(none.body).toMatchObject({ errcode: 'UPLOAD-40001', errmsg: '请选择要上传的图片' });
    const empty = await upload(zhang, { name: 'a.png', type: 'image/png', data: Buffer.alloc(0) });
    expect(empty.body.errcode).toBe('UPLOAD-40001');
    const json = await zhang.call(UPLOAD_API.uploadImg, { body: { file: 'x' } });
    expect(json.status).toBeLessThan(500);
    expect(json.body.errcode).toBe(ERR.PARAM_INVALID);
    expect(json.body.errmsg).toBe('请以 multipart/form-data 方式上传图片');
  });

  it('refuses a caller without a session', async () => {
    const res = await upload(t.client(), { name: 'a.png', type: 'image/png', data: PNG });
    expect(res.status).toBe(401);
    expect(res.body.errcode).toBe(ERR.NO_SESSION);
  });
});

describe('GET /rest/upload/file/:id', () => {
  it('answers a clear error for an unknown image and a bad id', async () => {
    const unknown = await getBytes(t.app, zhang, UPLOAD_API.file.path, { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.json).toMatchObject({ errcode: 'UPLOAD-40401', errmsg: '图片不存在或已删除' });
    const bad = await getBytes(t.app, zhang, UPLOAD_API.file.path, { id: 'not-a-uuid' });
    expect(bad.json).toMatchObject({ errcode: ERR.PARAM_INVALID, errmsg: '图片编号无效' });
  });

  it('is served without the account-version header (an <img> cannot send it) but not without a session', async () => {
    const res = await upload(zhang, { name: 'a.png', type: 'image/png', data: PNG });
    const url = res.body.data.url;
    const noVersion = await zhang.request('GET', url, { noAccountVersion: true });
    expect(noVersion.status).toBe(200);
    const anonymous = await t.client().request('GET', url);
    expect(anonymous.status).toBe(401);
  });
});
