/**
 * /channelList and /qrCodeManage on the resource engine. A channel with codes is not deleted
 * (停用 it: its codes' numbers stay attributed to it). A code is made on /qrEstablish
 * (service.ts establishQrCodes); here it is renamed, re-pointed or 停用. Store and staff codes
 * carry their store: a user sees the codes of the stores of their data scope, headquarters also
 * the channels' own codes.
 */
import { CHANNEL, QR_CODE } from '@zb/contract/entities/channel';
import { ERR } from '@zb/contract/errcodes';
import { eq, sql } from 'drizzle-orm';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { staff } from '../staff/schema';
import { store } from '../stores/schema';
import { channel, qrCode } from './schema';

/** A figure over the channel's codes (the outer table written out: drizzle leaves it unqualified). */
const overCodes = (figure: string) =>
  sql`(select ${sql.raw(figure)} from qr_code q where q.channel_id = "channel"."id")::int`;

export const channelBinding = bindResource({
  decl: CHANNEL,
  table: channel,
  id: channel.id,
  columns: {
    qrCount: overCodes('count(*)'),
    scans: overCodes('coalesce(sum(q.scans), 0)'),
    registrations: overCodes('coalesce(sum(q.registrations), 0)'),
  },
  uniques: { channel_name_uq: 'name' },
  service: {
    remove: async ({ tx }, id, before) => {
      const [used] = await tx.select({ id: qrCode.id }).from(qrCode).where(eq(qrCode.channelId, id)).limit(1);
      if (used) {
        throw new BizError(
          ERR.RECORD_IN_USE,
          `渠道「${before.name}」已有二维码，不能删除；不再使用请停用，已有二维码的数据保留`,
        );
      }
      await tx.delete(channel).where(eq(channel.id, id));
    },
  },
});

export const qrCodeBinding = bindResource({
  decl: QR_CODE,
  table: qrCode,
  id: qrCode.id,
  columns: { channelName: channel.name, storeName: store.name, staffName: staff.name },
  joins: [
    { table: channel, on: eq(channel.id, qrCode.channelId) },
    { table: store, on: eq(store.id, qrCode.storeId) },
    { table: staff, on: eq(staff.id, qrCode.staffId) },
  ],
  // A channel's own code (no store) belongs to headquarters: only an unrestricted scope sees it.
  scope: { store: qrCode.storeId },
  service: {
    update: async ({ tx }, id, values, before) => {
      const pagePath = 'pagePath' in values ? values.pagePath : before.pagePath;
      if (before.target === 'page' && !pagePath) throw fieldError('pagePath', '跳转小程序页面须填写页面路径');
      if (Object.keys(values).length) await tx.update(qrCode).set(values).where(eq(qrCode.id, id));
    },
  },
});
