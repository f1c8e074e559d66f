/**
 * Image uploads: the real type from the first bytes, the size against the `uploadMaxKb` setting,
 * stored in the file store (kind 'upload') with its operation-log row in the same transaction.
 */
import { finished } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { UPLOAD_IMAGE_TYPES, type UploadedImage, type UploadLimits, uploadedImageUrl } from '@zb/contract/api/uploads';
import { ERR } from '@zb/contract/errcodes';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError } from '../../platform/errors';
import { createFileWriter, readFile, statFile } from '../../platform/files/store';
import { Streamed } from '../../platform/route';
import { readSetting } from '../../platform/settings';
import { EXTENSION, sniffImage } from './sniff';

export const uploadLimits = async (db: Db): Promise<UploadLimits> => ({
  maxKb: await readSetting(db, 'uploadMaxKb'),
  types: Object.keys(UPLOAD_IMAGE_TYPES) as UploadLimits['types'],
});

const tooLarge = (maxKb: number) => new BizError(ERR.UPLOAD_TOO_LARGE, `图片不能超过 ${formatKb(maxKb)}`);

export const formatKb = (kb: number): string => (kb >= 1024 && kb % 1024 === 0 ? `${kb / 1024}MB` : `${kb}KB`);

const codeOf = (err: unknown): string => (err && typeof err === 'object' && 'code' in err ? String(err.code) : '');

/** The single file of the multipart request, read whole (at most the limit). */
const readUpload = async (req: FastifyRequest, maxKb: number): Promise<{ part: MultipartFile; data: Buffer }> => {
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: maxKb * 1024, files: 1, fields: 10, fieldSize: 1024, parts: 20 } });
  } catch (err) {
    if (codeOf(err) === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new BizError(ERR.PARAM_INVALID, '请以 multipart/form-data 方式上传图片');
    }
    throw new BizError(ERR.PARAM_INVALID, '上传内容无法解析，请重新选择图片');
  }
  if (!part) throw new BizError(ERR.UPLOAD_NO_FILE);
  try {
    return { part, data: await part.toBuffer() };
  } catch (err) {
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxKb);
    throw new BizError(ERR.PARAM_INVALID, '上传中断，请重新上传');
  }
};

/** A display name without any path, at most 100 characters, with the extension of the real type. */
const cleanName = (raw: string, ext: string): string => {
  const base = [...(raw.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  const stem = base.replace(/\.[^.]*$/, '').slice(0, 100) || '图片';
  return `${stem}${ext}`;
};

export const uploadImage = async (db: Db, auth: Auth, req: FastifyRequest): Promise<UploadedImage> => {
  const maxKb = await readSetting(db, 'uploadMaxKb');
  const { part, data } = await readUpload(req, maxKb);
  if (data.length === 0) throw new BizError(ERR.UPLOAD_NO_FILE, '上传的文件是空的');
  if (data.length > maxKb * 1024) throw tooLarge(maxKb);
  const mime = sniffImage(data);
  if (!mime) throw new BizError(ERR.UPLOAD_TYPE);
  const name = cleanName(part.filename, EXTENSION[mime]);
  const id = await db.transaction(async (tx) => {
    const writer = createFileWriter(tx, { ownerUserId: auth.user.id, kind: 'upload', name, mime });
    writer.end(data);
    await finished(writer);
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'uploadImg',
      target: `stored_file:${writer.id}`,
      after: { name, mime, size: data.length },
    });
    return writer.id;
  });
  return { url: uploadedImageUrl(id), name, size: data.length };
};

export const serveImage = async (db: Db, id: string): Promise<Streamed> => {
  const file = await statFile(db, id);
  if (file?.kind !== 'upload') throw new BizError(ERR.UPLOAD_NOT_FOUND);
  return new Streamed(readFile(db, file.id), {
    'content-type': file.mime,
    'content-length': String(file.size),
    // The id never points at other bytes: keep it for a year (private: it needs a session).
    'cache-control': 'private, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  });
};
