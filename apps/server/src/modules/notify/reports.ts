/** 短信费用明细 (contract reports/notify.ts) over the SMS outbox: one row per SMS with its store and region. */
import { ALI_SMS_LOG } from '@zb/contract/reports/notify';
import { sql } from 'drizzle-orm';
import { bindReport, bucketOf, col } from '../../platform/report/binding';

const sum = (key: string) => sql`sum(${col('sm', key)})::int`;

export const aliSmsLogBinding = bindReport({
  decl: ALI_SMS_LOG,
  from: {
    alias: 'sm',
    query: () =>
      sql.raw(`select m.id as "id", m.store_id as "storeId", s.name as "storeName", s.region_id as "regionId",
        r.name as "regionName", m.created_at as "at", 1 as "messages",
        (m.status = 'sent')::int as "sent", (m.status = 'failed')::int as "failed",
        (m.status = 'skipped')::int as "skipped", m.segments as "segments", m.fee as "fee"
      from notify_message m
      join store s on s.id = m.store_id
      join region r on r.id = s.region_id
      where m.channel = 'sms' and not m.is_test`),
  },
  dims: {
    day: bucketOf(col('sm', 'at'), 'day'),
    month: bucketOf(col('sm', 'at'), 'month'),
  },
  measures: {
    messages: sum('messages'),
    sent: sum('sent'),
    failed: sum('failed'),
    skipped: sum('skipped'),
    segments: sum('segments'),
    fee: sql`sum(${col('sm', 'fee')})::bigint`,
  },
  filters: {
    period: { instant: col('sm', 'at') },
    storeId: col('sm', 'storeId'),
    regionId: col('sm', 'regionId'),
  },
  scope: { store: col('sm', 'storeId') },
});
