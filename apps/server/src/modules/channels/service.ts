/**
 * QR codes beyond the engine's list and edit: /qrEstablish (one code, one per store, or one per
 * staff member of the caller's scope, in one transaction with an operation-log row each),
 * /qrCodeDetail (the code drawn, its numbers by day), the form's choices, and the mini-program's
 * reports through the open API: a scan counts once per sender's number, a member is attributed
 * to the first code they registered through, once. Each report updates its code's figure in the
 * same transaction as its event, so `scans` and `registrations` always equal their events.
 */
import {
  type OpenQrRegistrationAnswer,
  type OpenQrRegistrationBody,
  type OpenQrScanAnswer,
  type OpenQrScanBody,
  type Pick,
  type QrCodeView,
  type QrEstablished,
  type qrEstablishBody,
  qrUrlOf,
} from '@zb/contract/entities/channel';
import type { StorePick } from '@zb/contract/entities/storesCommon';
import { ERR } from '@zb/contract/errcodes';
import { formatDate } from '@zb/contract/time';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { recordOperations } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { dayStart } from '../../platform/resource/filters';
import { findRow } from '../../platform/resource/query';
import { type DataScope, OUT_OF_SCOPE_STORE, storeScopeFilter, storeTableScope } from '../../platform/scope';
import { memberByKey } from '../intents/service';
import { qrPng } from '../marketing/qrPng';
import type { OpenCaller } from '../openApi/types';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { qrCodeBinding } from './resource';
import { channel, qrCode, qrRegistration, qrScan } from './schema';

type EstablishBody = z.output<typeof qrEstablishBody>;

interface Owner {
  storeId: number | null;
  staffId: number | null;
  /** Added to the name of each code of a batch. */
  suffix: string;
}

const NAME_MAX = 40;

const ownersOf = async (tx: Tx, scope: DataScope, body: EstablishBody): Promise<Owner[]> => {
  if (body.ownerKind === 'channel') {
    if (scope.level !== 'hq') throw fieldError('ownerKind', '渠道通用二维码不属于任何门店，请由总部新建');
    return [{ storeId: null, staffId: null, suffix: '' }];
  }
  if (body.ownerKind === 'store') {
    const ids = [...new Set(body.storeIds)];
    const rows = await tx
      .select({ id: store.id, name: store.name })
      .from(store)
      .where(and(inArray(store.id, ids), storeTableScope(scope)))
      .orderBy(asc(store.code));
    if (rows.length !== ids.length) throw fieldError('storeIds', OUT_OF_SCOPE_STORE);
    return rows.map((s) => ({ storeId: s.id, staffId: null, suffix: s.name }));
  }
  const ids = [...new Set(body.staffIds)];
  const rows = await tx
    .select({ id: staff.id, name: staff.name, storeId: staff.storeId, storeName: store.name })
    .from(staff)
    .innerJoin(store, eq(store.id, staff.storeId))
    .where(and(inArray(staff.id, ids), ne(staff.status, 'left'), storeScopeFilter(scope, staff.storeId)))
    .orderBy(asc(store.code), asc(staff.id));
  if (rows.length !== ids.length) throw fieldError('staffIds', '请选择您数据范围内门店的在职员工');
  return rows.map((s) => ({ storeId: s.storeId, staffId: s.id, suffix: `${s.storeName}-${s.name}` }));
};

/** /qrEstablish: the codes, all or none. */
export const establishQrCodes = (db: Db, auth: Auth, body: EstablishBody): Promise<QrEstablished> =>
  db.transaction(async (tx) => {
    const [ch] = await tx.select().from(channel).where(eq(channel.id, body.channelId));
    if (!ch) throw fieldError('channelId', '渠道不存在');
    if (!ch.enabled) throw fieldError('channelId', `渠道「${ch.name}」已停用，不能新建二维码`);
    const owners = await ownersOf(tx, auth.scope, body);
    const page = body.target === 'page';
    const rows = await tx
      .insert(qrCode)
      .values(
        owners.map((o) => ({
          name: (o.suffix ? `${body.name}-${o.suffix}` : body.name).slice(0, NAME_MAX),
          channelId: ch.id,
          ownerKind: body.ownerKind,
          storeId: o.storeId,
          staffId: o.staffId,
          target: body.target,
          pagePath: page ? (body.pagePath ?? null) : null,
          params: body.params || null,
          createdBy: auth.user.id,
        })),
      )
      .returning({ id: qrCode.id, code: qrCode.code, name: qrCode.name, storeId: qrCode.storeId });
    await recordOperations(
      tx,
      rows.map((r) => ({
        userId: auth.user.id,
        action: 'qrCode.create' as const,
        target: `qr_code:${r.id}`,
        after: { code: r.code, name: r.name, channelName: ch.name, ownerKind: body.ownerKind, storeId: r.storeId },
      })),
    );
    return { ids: rows.map((r) => r.id), codes: rows.map((r) => r.code) };
  });

/** The Beijing day `n` days before today. */
const dayBefore = (n: number): string => formatDate(new Date(Date.now() - n * 86_400_000));

/** /qrCodeDetail: the code of the caller's scope, drawn, with its last `days` days of numbers. */
export const viewQrCode = async (db: Db, scope: DataScope, id: number, days: number): Promise<QrCodeView> => {
  const row = await findRow(db, qrCodeBinding, scope, id);
  if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, '该二维码不存在或不在您的数据范围内');
  const from = dayBefore(days - 1);
  const byDay = (instant: AnyPgColumn) => sql<string>`to_char(${instant} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
  const [scans, regs] = await Promise.all([
    db
      .select({ day: byDay(qrScan.scannedAt), n: sql<number>`count(*)::int` })
      .from(qrScan)
      .where(and(eq(qrScan.qrCodeId, id), sql`${qrScan.scannedAt} >= ${dayStart(from)}`))
      .groupBy(sql`1`),
    db
      .select({ day: byDay(qrRegistration.registeredAt), n: sql<number>`count(*)::int` })
      .from(qrRegistration)
      .where(and(eq(qrRegistration.qrCodeId, id), sql`${qrRegistration.registeredAt} >= ${dayStart(from)}`))
      .groupBy(sql`1`),
  ]);
  const scanOf = new Map(scans.map((r) => [r.day, Number(r.n)]));
  const regOf = new Map(regs.map((r) => [r.day, Number(r.n)]));
  const list = Array.from({ length: days }, (_, i) => dayBefore(days - 1 - i)).map((day) => ({
    day,
    scans: scanOf.get(day) ?? 0,
    registrations: regOf.get(day) ?? 0,
  }));
  const code = String(row.code);
  const url = qrUrlOf(code);
  return {
    id: row.id,
    code,
    name: row.name,
    channelName: String(row.channelName ?? ''),
    ownerKind: row.ownerKind as QrCodeView['ownerKind'],
    storeName: (row.storeName as string | null) ?? null,
    staffName: (row.staffName as string | null) ?? null,
    target: row.target as QrCodeView['target'],
    pagePath: row.pagePath,
    params: row.params,
    status: row.status as QrCodeView['status'],
    scans: Number(row.scans ?? 0),
    registrations: Number(row.registrations ?? 0),
    createdAt: String(row.createdAt),
    url,
    image: `data:image/png;base64,${qrPng(url).toString('base64')}`,
    days: list,
  };
};

/** /qrEstablish's choices: enabled channels, the scope's stores, a store's staff in post. */
export const channelPicks = (db: Db): Promise<Pick[]> =>
  db
    .select({ id: channel.id, name: channel.name })
    .from(channel)
    .where(eq(channel.enabled, true))
    .orderBy(asc(channel.name));

export const storePicks = (db: Db, scope: DataScope): Promise<StorePick[]> =>
  db
    .select({ id: store.id, name: sql<string>`${store.name} || '（' || ${store.code} || '）'` })
    .from(store)
    .where(storeTableScope(scope))
    .orderBy(asc(store.code));

export const staffPicks = (db: Db, scope: DataScope, storeId?: number): Promise<Pick[]> =>
  db
    .select({ id: staff.id, name: sql<string>`${staff.name} || '（' || ${store.name} || '）'` })
    .from(staff)
    .innerJoin(store, eq(store.id, staff.storeId))
    .where(
      and(
        ne(staff.status, 'left'),
        storeScopeFilter(scope, staff.storeId),
        storeId === undefined ? undefined : eq(staff.storeId, storeId),
      ),
    )
    .orderBy(asc(store.code), asc(staff.id))
    .limit(500);

/** The code a report names, refused when unknown or 停用 (itself or its channel). */
const usableCode = async (tx: Tx, given: string) => {
  const [c] = await tx
    .select({ code: qrCode, channelName: channel.name, channelEnabled: channel.enabled })
    .from(qrCode)
    .innerJoin(channel, eq(channel.id, qrCode.channelId))
    .where(eq(qrCode.code, given.toUpperCase()));
  if (!c) throw new BizError(ERR.QR_INVALID, `二维码 ${given} 不存在`);
  if (c.code.status !== 'active' || !c.channelEnabled) {
    throw new BizError(ERR.QR_DISABLED, `二维码 ${c.code.code} 已停用，不计入扫码与注册`);
  }
  return c;
};

const scanAnswer = (c: typeof qrCode.$inferSelect, scans: number, replayed: boolean): OpenQrScanAnswer => ({
  code: c.code,
  target: c.target as OpenQrScanAnswer['target'],
  pagePath: c.pagePath,
  params: c.params,
  scans,
  replayed,
});

/** POST /open/v1/qrScans: counted once per sender's number; a retry answers the first. */
export const reportQrScan = (db: Db, caller: OpenCaller, body: OpenQrScanBody): Promise<OpenQrScanAnswer> =>
  db.transaction(async (tx) => {
    const earlier = async () => {
      const [prev] = await tx
        .select({ code: qrCode })
        .from(qrScan)
        .innerJoin(qrCode, eq(qrCode.id, qrScan.qrCodeId))
        .where(and(eq(qrScan.clientId, caller.clientId), eq(qrScan.scanNo, body.scanNo)));
      return prev ? scanAnswer(prev.code, prev.code.scans, true) : null;
    };
    const replay = await earlier();
    if (replay) return replay;
    const c = await usableCode(tx, body.code);
    const [added] = await tx
      .insert(qrScan)
      .values({
        qrCodeId: c.code.id,
        clientId: caller.clientId,
        scanNo: body.scanNo,
        openId: body.openId ?? null,
        scannedAt: new Date(body.at),
      })
      .onConflictDoNothing()
      .returning({ id: qrScan.id });
    // Sent twice at once: the other request counted it.
    if (!added) return (await earlier())!;
    const [u] = await tx
      .update(qrCode)
      .set({ scans: sql`${qrCode.scans} + 1` })
      .where(eq(qrCode.id, c.code.id))
      .returning({ scans: qrCode.scans });
    return scanAnswer(c.code, u!.scans, false);
  });

/** POST /open/v1/qrRegistrations: the member is attributed to this code unless attributed before. */
export const reportQrRegistration = (
  db: Db,
  _caller: OpenCaller,
  body: OpenQrRegistrationBody,
): Promise<OpenQrRegistrationAnswer> =>
  db.transaction(async (tx) => {
    const m = await memberByKey(tx, body.member);
    if (!m) throw new BizError(ERR.QR_INVALID, `会员 ${body.member} 不存在`);
    const attributedBefore = async (): Promise<OpenQrRegistrationAnswer | null> => {
      const [prev] = await tx
        .select({ code: qrCode.code, channelName: channel.name })
        .from(qrRegistration)
        .innerJoin(qrCode, eq(qrCode.id, qrRegistration.qrCodeId))
        .innerJoin(channel, eq(channel.id, qrRegistration.channelId))
        .where(eq(qrRegistration.memberId, m.id));
      return prev ? { attributed: false, ...prev } : null;
    };
    const before = await attributedBefore();
    if (before) return before;
    const c = await usableCode(tx, body.code);
    const [added] = await tx
      .insert(qrRegistration)
      .values({
        memberId: m.id,
        qrCodeId: c.code.id,
        channelId: c.code.channelId,
        storeId: c.code.storeId,
        staffId: c.code.staffId,
        registeredAt: new Date(body.at),
      })
      .onConflictDoNothing()
      .returning({ id: qrRegistration.id });
    if (!added) return (await attributedBefore())!;
    await tx
      .update(qrCode)
      .set({ registrations: sql`${qrCode.registrations} + 1` })
      .where(eq(qrCode.id, c.code.id));
    return { attributed: true, code: c.code.code, channelName: c.channelName };
  });
