/**
 * Demo 头皮检测 (modules/examinations): the /detetionConfig items (one 停用), and reports across
 * stores and members, each sent through the open API's service as a store's device sends it
 * (graded on the server, images into the file store as uploads are), under the demo POS key's
 * client. Each image is a small PNG made here (a scalp-toned pattern), no file of the repository.
 */

import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { examItem } from '../modules/examinations/schema';
import { openExamination } from '../modules/examinations/service';
import { project } from '../modules/goods/schema';
import { member } from '../modules/members/schema';
import { openClient } from '../modules/openApi/schema';
import { staff } from '../modules/staff/schema';
import { store } from '../modules/stores/schema';
import { DEMO_OPEN_KEYS } from './openApi';
import { rgbPng } from './png';

const DAY = 86_400_000;

export const DEMO_EXAM_ITEMS = [
  { code: 'OIL', name: '油脂分泌', unit: '分', low: 20, high: 50, mildLimit: 15, moderateLimit: 30, sort: 1 },
  { code: 'DANDRUFF', name: '头屑', unit: '分', low: 0, high: 20, mildLimit: 20, moderateLimit: 40, sort: 2 },
  { code: 'SENSITIVE', name: '敏感度', unit: '分', low: 0, high: 30, mildLimit: 20, moderateLimit: 40, sort: 3 },
  { code: 'DENSITY', name: '毛发密度', unit: '根/cm²', low: 120, high: 200, mildLimit: 20, moderateLimit: 50, sort: 4 },
  { code: 'DIAMETER', name: '发丝直径', unit: 'μm', low: 60, high: 90, mildLimit: 10, moderateLimit: 20, sort: 5 },
  { code: 'HYDRATION', name: '含水量', unit: '%', low: 30, high: 60, mildLimit: 10, moderateLimit: 20, sort: 6 },
  {
    code: 'PH',
    name: '酸碱度（×10）',
    unit: 'pH×10',
    low: 45,
    high: 60,
    mildLimit: 5,
    moderateLimit: 10,
    sort: 7,
    enabled: false,
    remark: '设备暂不支持，已停用',
  },
] as const;

/** A w×h RGB PNG: a scalp-toned field with darker strands, varied by `variant`. */
export const demoScalpPng = (variant: number, w = 96, h = 96): Buffer =>
  rgbPng(w, h, (x, y) => {
    const strand = (x * 7 + y * 3 + variant * 11) % 23 < 2;
    const spot = ((x - 30 - variant * 5) ** 2 + (y - 40) ** 2) % 97 < 3;
    const base = 200 - ((x + y) % 17) - variant * 4;
    return strand ? [60, 45, 35] : spot ? [235, 230, 220] : [base + 20, base - 30, base - 55];
  });

const CONCLUSIONS = [
  '头皮状态良好，保持现有护理即可。',
  '头皮油脂偏多，建议控油清洁护理，减少熬夜。',
  '头屑较多且伴轻度敏感，建议舒缓去屑疗程。',
  '毛发密度偏低、发丝偏细，建议养发固发疗程并复检。',
];

/** Values of an enabled item for the k-th demo report: mostly normal, some mild to severe. */
const valueFor = (item: (typeof DEMO_EXAM_ITEMS)[number], k: number, i: number): number => {
  const mode = (k * 3 + i * 5) % 9;
  const mid = Math.round((item.low + item.high) / 2);
  if (mode < 5) return mid;
  const dir = item.code === 'DENSITY' || item.code === 'DIAMETER' || item.code === 'HYDRATION' ? -1 : 1;
  const edge = dir > 0 ? item.high : item.low;
  const off = mode === 5 || mode === 6 ? item.mildLimit : mode === 7 ? item.moderateLimit : item.moderateLimit + 5;
  return edge + dir * off;
};

export const seedExaminations = async (tx: Tx, now: Date, history: boolean): Promise<void> => {
  await tx.insert(examItem).values(DEMO_EXAM_ITEMS.map((i) => ({ ...i })));
  if (!history) return;
  const [client] = await tx
    .select({ id: openClient.id })
    .from(openClient)
    .where(eq(openClient.appKey, DEMO_OPEN_KEYS.pos.appKey));
  if (!client) return;
  const stores = await tx.select({ id: store.id, code: store.code }).from(store).orderBy(asc(store.id)).limit(6);
  const projects = await tx.select({ code: project.code }).from(project).orderBy(asc(project.id)).limit(6);
  const enabled = DEMO_EXAM_ITEMS.filter((i) => !('enabled' in i) || i.enabled);
  let k = 0;
  for (const st of stores) {
    const members = await tx
      .select({ phone: member.phone })
      .from(member)
      .where(eq(member.storeId, st.id))
      .orderBy(asc(member.id))
      .limit(3);
    const techs = await tx
      .select({ phone: staff.phone })
      .from(staff)
      .where(inArray(staff.storeId, [st.id]))
      .orderBy(asc(staff.id))
      .limit(2);
    for (const m of members) {
      // Two visits for the first member of each store: a follow-up examination.
      const visits = m === members[0] ? 2 : 1;
      for (let v = 0; v < visits; v++) {
        k++;
        const images = [demoScalpPng(k % 5), demoScalpPng((k + 2) % 5)].map((b) => b.toString('base64'));
        await openExamination(
          tx,
          { clientId: client.id, kind: 'pos', name: '门店检测仪', storeId: st.id },
          {
            outerNo: `JC-${st.code}-${String(k).padStart(4, '0')}`,
            storeCode: st.code,
            member: m.phone,
            staffPhone: techs[k % Math.max(techs.length, 1)]?.phone,
            at: new Date(now.getTime() - ((k * 5) % 60) * DAY - (k % 8) * 3_600_000).toISOString(),
            values: enabled.map((item, i) => ({ item: item.code, value: valueFor(item, k, i) })),
            images,
            conclusion: CONCLUSIONS[k % CONCLUSIONS.length],
            projects: projects.slice(k % 3, (k % 3) + 2).map((p) => p.code),
          },
        );
      }
    }
  }
};
