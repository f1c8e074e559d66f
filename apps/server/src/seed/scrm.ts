/**
 * Demo data of /jointLabelConfig and the SCRM reports (issue 17): in the WeCom simulator, the
 * staff of each SCRM store added members of their store (and a few people who are not members)
 * as customers over the last two months, some tagged in WeCom; two 联合标签 (VIP关怀 both ways,
 * the rule tag 常客 toward WeCom); then one sync, as the job runs it, reads them all and brings
 * the tags into step.
 */
import { sql } from 'drizzle-orm';
import { WXWORK_DEMO } from '../config';
import type { Db, Tx } from '../db/client';
import { scrmTagLink } from '../modules/scrm/schema';
import { runScrmSync, scrmClientOf } from '../modules/scrm/service';
import { putSimContacts, putSimTag } from '../modules/scrm/simulator';
import { rowsOf } from './generate';

const DAY = 86_400_000;
/** Customers per SCRM store that are members. */
const PER_STORE = 16;

export const seedScrm = async (tx: Tx, now: Date): Promise<void> => {
  const db = tx as unknown as Db;
  const tags = rowsOf<{ id: number; name: string }>(
    await tx.execute(sql`select id, name from member_tag where name in ('VIP关怀', '常客')`),
  );
  const vip = tags.find((t) => t.name === 'VIP关怀');
  const regular = tags.find((t) => t.name === '常客');
  const links = [
    ...(vip ? [{ memberTagId: vip.id, wecomGroup: '会员标签', wecomTagName: 'VIP客户', direction: 'both' }] : []),
    ...(regular
      ? [{ memberTagId: regular.id, wecomGroup: '会员标签', wecomTagName: '常客', direction: 'toWecom' }]
      : []),
  ];
  if (links.length) await tx.insert(scrmTagLink).values(links);
  const vipTag = await putSimTag(db, '会员标签', 'VIP客户');
  const intent = [await putSimTag(db, '客户意向', '高意向'), await putSimTag(db, '客户意向', '待回访')];

  const stores = rowsOf<{ id: number }>(await tx.execute(sql`select id from store where scrm_enabled order by id`));
  const contacts: Parameters<typeof putSimContacts>[1][number][] = [];
  for (const s of stores) {
    const staff = rowsOf<{ phone: string }>(
      await tx.execute(sql`select phone from staff where store_id = ${s.id} and status <> 'left' order by id limit 3`),
    );
    if (!staff.length) continue;
    const members = rowsOf<{ id: number; phone: string; name: string }>(
      await tx.execute(sql`select m.id, m.phone, m.name from member m where m.store_id = ${s.id} and m.status = 'normal'
        order by m.last_visit_day desc nulls last, m.id limit ${PER_STORE}`),
    );
    members.forEach((m, i) => {
      contacts.push({
        externalUserId: `wmDemo${String(m.id).padStart(10, '0')}`,
        followUserId: staff[i % staff.length]!.phone,
        name: m.name,
        remarkMobile: m.phone,
        // Spread over the last 60 days, the newest first.
        createdAt: new Date(now.getTime() - (2 + i * 3.5) * DAY),
        tags: [...(i % 5 === 0 ? [vipTag] : []), ...(i % 3 === 0 ? [intent[i % 2]!] : [])],
      });
    });
    for (let k = 0; k < 2; k++) {
      contacts.push({
        externalUserId: `wmDemoGuest${s.id}x${k}`,
        followUserId: staff[0]!.phone,
        name: ['路过的顾客', '咨询客户'][k]!,
        remarkMobile: null,
        createdAt: new Date(now.getTime() - (5 + k * 9) * DAY),
        tags: [intent[1]!],
      });
    }
  }
  await putSimContacts(db, contacts);
  await runScrmSync(db, scrmClientOf(db, WXWORK_DEMO), now);
};
