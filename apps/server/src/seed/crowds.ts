/**
 * Demo 人群: four crowds over the demo members, written through the crowds service (the rule
 * checked, counted and logged as 新增 does), three of them with a snapshot taken as 生成快照
 * takes it. Seed after every seed that writes members, cards and bills: the counts read them.
 */

import type { CrowdForm } from '@zb/contract/entities/crowd';
import { formatDate } from '@zb/contract/time';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { snapshotCrowd, writeCrowd } from '../modules/crowds/service';
import { masterItem } from '../modules/master/schema';
import { region } from '../modules/stores/schema';
import { HQ_SCOPE } from '../platform/scope';

const DAY = 86_400_000;

export const seedCrowds = async (tx: Tx, now: Date): Promise<void> => {
  const [admin] = await tx
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(eq(userAccount.loginName, '13800000001'));
  if (!admin) return;
  const level = async (code: string) =>
    (
      await tx
        .select({ id: masterItem.id })
        .from(masterItem)
        .where(and(eq(masterItem.category, 'memberLevel'), eq(masterItem.code, code)))
    )[0]?.id;
  const [gold, diamond] = [await level('GOLD'), await level('DIAMOND')];
  const [east] = await tx.select({ id: region.id }).from(region).where(eq(region.name, '华东大区'));
  const month = Number(formatDate(now).slice(5, 7));
  const crowds: (CrowdForm & { snapshot: boolean })[] = [
    {
      name: '沉睡储值会员',
      description: '14 天以上未到店、储值余额 200 元以上，适合发放回店券',
      rule: {
        groups: [
          [
            { kind: 'lastVisit', days: { min: 14 } },
            { kind: 'balance', amount: { min: 20_000 } },
          ],
        ],
      },
      snapshot: true,
    },
    {
      name: '本月生日会员',
      description: '生日在本月的会员',
      rule: { groups: [[{ kind: 'birthdayMonth', months: [month] }]] },
      snapshot: true,
    },
    {
      name: '华东高价值或高等级会员',
      description: '华东大区近 90 天消费 1000 元以上，或金卡、钻石会员',
      rule: {
        groups: [
          [
            { kind: 'store', storeIds: [], regionIds: [east!.id] },
            { kind: 'spend', days: 90, amount: { min: 100_000 } },
          ],
          [{ kind: 'level', levelIds: [gold!, diamond!] }],
        ],
      },
      snapshot: true,
    },
    {
      name: '近一年新注册未办卡',
      description: '近一年注册、尚未持有有效卡的会员',
      rule: {
        groups: [
          [
            { kind: 'joined', from: formatDate(new Date(now.getTime() - 365 * DAY)), to: formatDate(now) },
            { kind: 'cards', mode: 'none', cardIds: [] },
          ],
        ],
      },
      snapshot: false,
    },
  ];
  for (const { snapshot, ...body } of crowds) {
    const { id } = await writeCrowd(tx, { userId: admin.id, scope: HQ_SCOPE }, body);
    if (snapshot) await snapshotCrowd(tx, id, { scope: HQ_SCOPE, userId: admin.id });
  }
};
