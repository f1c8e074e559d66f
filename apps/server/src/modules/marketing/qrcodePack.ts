/**
 * qrcodePackDownloadRealCard: a zip streamed to the browser with 卡号清单.xlsx (number, card,
 * status) and one PNG QR code per card, named by its number, encoding the claim URL. Memory stays
 * flat at 20,000 cards: the cards are read a page at a time, the sheet is written by exceljs's
 * streaming writer into the zip, and a PNG is drawn only when the zip has taken the ones before it
 * (a few at a time), so a slow browser slows the drawing instead of filling memory.
 */
import { PassThrough } from 'node:stream';
import { REAL_CARD_STATUSES } from '@zb/contract/entities/marketingActivity';
import { formatDate } from '@zb/contract/time';
import archiver from 'archiver';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { Streamed } from '../../platform/route';
import { contentDisposition } from '../downloads/service';
import { stateError, viewActivity } from './activities';
import { qrPng } from './qrPng';
import { cardsInOrder, claimCodeOf, claimKey, claimUrlBase, claimUrlOf } from './realCards';

/** PNGs the zip may hold queued before drawing waits for it. */
const AHEAD = 8;

export const CARD_LIST_NAME = '卡号清单.xlsx';

const statusLabel = (s: string) => REAL_CARD_STATUSES.find((o) => o.value === s)?.label ?? s;

export const qrcodePack = async (db: Db, id: number, log: FastifyBaseLogger): Promise<Streamed> => {
  const act = await viewActivity(db, id);
  if (act.status !== 'approved') throw stateError(act.status, '下载二维码（审核通过后才能下载）');
  const key = await claimKey(db);
  const base = await claimUrlBase(db);

  const zip = archiver('zip', { store: true });
  let appended = 0;
  let taken = 0;
  let gone = false;
  let wake: (() => void) | null = null;
  const nudge = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  zip.on('entry', () => {
    taken++;
    nudge();
  });
  // The browser went away (or the zip failed): stop drawing.
  zip.on('close', () => {
    gone = true;
    nudge();
  });
  zip.on('error', () => {
    gone = true;
    nudge();
  });
  const room = async () => {
    while (!gone && appended - taken >= AHEAD) await new Promise<void>((r) => (wake = r));
  };

  const fill = async () => {
    const sheetOut = new PassThrough();
    zip.append(sheetOut, { name: CARD_LIST_NAME });
    appended++;
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: sheetOut,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet('卡号清单');
    sheet.columns = [
      { header: '卡号', key: 'number', width: 18 },
      { header: '卡项', key: 'card', width: 24 },
      { header: '状态', key: 'status', width: 10 },
    ];
    sheet.getRow(1).commit();
    for await (const page of cardsInOrder(db, act.id)) {
      for (const c of page) sheet.addRow([c.number, act.cardName, statusLabel(c.status)]).commit();
      if (gone) return;
    }
    sheet.commit();
    await book.commit();

    for await (const page of cardsInOrder(db, act.id)) {
      for (const c of page) {
        await room();
        if (gone) return;
        zip.append(qrPng(claimUrlOf(base, c.number, claimCodeOf(key, c.number))), { name: `${c.number}.png` });
        appended++;
      }
    }
    await zip.finalize();
  };
  fill().catch((err: unknown) => {
    log.error({ err, activityId: act.id }, 'real-card QR pack failed');
    zip.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  const name = `${act.code}_${act.name}_二维码_${formatDate(new Date()).replaceAll('-', '')}.zip`;
  return new Streamed(zip, {
    'content-type': 'application/zip',
    'content-disposition': contentDisposition(name),
    'cache-control': 'private, no-store',
  });
};
