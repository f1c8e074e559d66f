/**
 * 批量下载二维码: a download-centre job (modules/downloads) whose file is a zip with one PNG per
 * code of the caller's scope — the chosen codes, or every code of a channel — named
 * `<编号>_<名称>.png` and encoding the code's address (contract qrUrlOf). The PNGs are drawn
 * locally (marketing/qrPng.ts) a page of codes at a time, so memory stays flat.
 */
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportQueued } from '@zb/contract/api/downloads';
import { QR_PACK_MAX, type qrPackBody, qrUrlOf } from '@zb/contract/entities/channel';
import archiver from 'archiver';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Auth } from '../../platform/context';
import { enqueueExport } from '../../platform/exports/enqueue';
import {
  type ExportContext,
  type ExportSource,
  exportSourceOf,
  registerExportSource,
} from '../../platform/exports/registry';
import { storeScopeFilter } from '../../platform/scope';
import { qrPng } from '../marketing/qrPng';
import { qrCode } from './schema';

const SOURCE = 'qrCodePack';
const PAGE = 200;

const params = z.object({
  ids: z.array(z.number().int().positive()).max(QR_PACK_MAX).optional(),
  channelId: z.number().int().positive().optional(),
});
type Params = z.output<typeof params>;

const whereOf = ({ scope }: ExportContext, p: Params) =>
  and(
    p.ids?.length ? inArray(qrCode.id, p.ids) : undefined,
    p.channelId === undefined ? undefined : eq(qrCode.channelId, p.channelId),
    storeScopeFilter(scope, qrCode.storeId),
  );

/** A file name's characters that no system takes. */
const safe = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '_');

const writeZip = async (ctx: ExportContext, p: Params, out: Writable, progress: (n: number) => Promise<void>) => {
  const zip = archiver('zip', { store: true });
  const done = pipeline(zip, out);
  let written = 0;
  let after = 0;
  try {
    for (;;) {
      const rows = await ctx.db
        .select({ id: qrCode.id, code: qrCode.code, name: qrCode.name })
        .from(qrCode)
        .where(and(whereOf(ctx, p), gt(qrCode.id, after)))
        .orderBy(asc(qrCode.id))
        .limit(PAGE);
      for (const r of rows) {
        zip.append(qrPng(qrUrlOf(r.code)), { name: `${r.code}_${safe(r.name)}.png` });
        written++;
      }
      await progress(written);
      if (rows.length < PAGE || written >= QR_PACK_MAX) break;
      after = rows[rows.length - 1]!.id;
    }
    await zip.finalize();
  } catch (err) {
    zip.destroy(err instanceof Error ? err : new Error(String(err)));
  }
  await done;
  return written;
};

const packSource: ExportSource<Params> = {
  name: SOURCE,
  title: '推广二维码',
  params,
  columns: () => [],
  count: async (ctx, p) => {
    const [r] = await ctx.db.select({ n: count() }).from(qrCode).where(whereOf(ctx, p));
    return Math.min(Number(r?.n ?? 0), QR_PACK_MAX);
  },
  rows: async function* () {},
  file: { ext: 'zip', mime: 'application/zip', write: writeZip },
};

export const registerQrPack = (): void => {
  if (!exportSourceOf(SOURCE)) registerExportSource(packSource);
};

/** 批量下载二维码: queued in the download centre (nothing of the caller's scope answers EXCEL_EMPTY). */
export const queueQrPack = (db: Db, auth: Auth, body: z.output<typeof qrPackBody>): Promise<ExportQueued> =>
  enqueueExport(db, { userId: auth.user.id, scope: auth.scope, source: SOURCE, params: body });
