/**
 * Stores and staff of a scale (seed/scale.ts). The twelve named demo stores get their files
 * (ownership, type, level, district, address, phone, opening date); new stores are added per
 * region (demo: about 60 in all; large: about 2,000) and placed in the hierarchy's 门店 box; each
 * store open or past gets a team (one 店长, care staff, sometimes a consultant, some 增发师 and
 * 医务监督; large: about 15 a store). Deterministic: a seeded PRNG (mulberry32), fixed lists, no
 * Math.random — the same seed always gives the same rows.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { hier, hierContent, hierContentRole, role } from '../modules/hierarchy/schema';
import { masterItem } from '../modules/master/schema';
import { regionDivision } from '../modules/regions/schema';
import { staff } from '../modules/staff/schema';
import { region, store } from '../modules/stores/schema';
import { DEFAULT_SEED, SCALES, type Scale } from './scale';

/** mulberry32: a small, well-known 32-bit PRNG; the same seed gives the same sequence. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
};

type Rng = ReturnType<typeof prng>;

/** City of a region: [city division code, short name, store-code prefix, landline area code]. */
const CITIES: Record<string, readonly (readonly [string, string, string, string])[]> = {
  华东大区: [
    ['3101', '上海', 'SH', '021'],
    ['3301', '杭州', 'HZ', '0571'],
    ['3201', '南京', 'NJ', '025'],
    ['3205', '苏州', 'SU', '0512'],
    ['3302', '宁波', 'NB', '0574'],
  ],
  华南大区: [
    ['4401', '广州', 'GZ', '020'],
    ['4403', '深圳', 'SZ', '0755'],
    ['4406', '佛山', 'FS', '0757'],
    ['3502', '厦门', 'XM', '0592'],
    ['3501', '福州', 'FZ', '0591'],
  ],
  华北大区: [
    ['1101', '北京', 'BJ', '010'],
    ['1201', '天津', 'TJ', '022'],
    ['1301', '石家庄', 'SJ', '0311'],
    ['3701', '济南', 'JN', '0531'],
    ['3702', '青岛', 'QD', '0532'],
  ],
  西南大区: [
    ['5101', '成都', 'CD', '028'],
    ['5001', '重庆', 'CQ', '023'],
    ['5301', '昆明', 'KM', '0871'],
    ['5201', '贵阳', 'GY', '0851'],
  ],
  华中大区: [
    ['4201', '武汉', 'WH', '027'],
    ['4301', '长沙', 'CS', '0731'],
    ['4101', '郑州', 'ZZ', '0371'],
    ['3601', '南昌', 'NC', '0791'],
  ],
};

/** The demo stores' districts (their names say where they are). */
const DEMO_DISTRICTS: Record<string, string> = {
  SH001: '310104',
  SH002: '310106',
  HZ001: '330106',
  GZ001: '440106',
  SZ001: '440305',
  BJ001: '110105',
  BJ002: '110108',
  TJ001: '120101',
  CD001: '510104',
  CQ001: '500103',
  WH001: '420103',
  CS001: '430102',
};

const ROADS = [
  '人民路',
  '解放路',
  '中山路',
  '建设路',
  '和平路',
  '新华路',
  '文化路',
  '长江路',
  '滨江大道',
  '学府路',
  '体育路',
  '花园路',
];
const BUILDINGS = ['', '', '1楼', '2楼', '商业街', '时代广场1层', '万达广场2层', '国贸中心B座1层'];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁';
const FEMALE = [
  '静',
  '丽',
  '敏',
  '婷',
  '雪',
  '芳',
  '娜',
  '慧',
  '颖',
  '洁',
  '琳',
  '倩',
  '悦',
  '欣怡',
  '雨涵',
  '佳琪',
  '梦瑶',
  '晓燕',
  '雅婷',
  '思琪',
];
const MALE = [
  '伟',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '杰',
  '涛',
  '超',
  '明',
  '浩然',
  '子轩',
  '宇航',
  '志强',
  '建华',
  '俊杰',
  '文博',
  '鹏飞',
];
const PHONE_PREFIXES = ['139', '158', '186', '177', '135', '152', '188', '137'];

const CERTIFICATES = [
  ['养发护理师职业技能等级证书', 'YF'],
  ['健康管理师', 'JK'],
  ['美容师职业资格证书', 'MR'],
] as const;

type Lookups = Map<string, { id: number; parentId: number | null }>;

const lookupsOf = async (tx: Tx): Promise<Lookups> => {
  const rows = await tx
    .select({ id: masterItem.id, category: masterItem.category, code: masterItem.code, parentId: masterItem.parentId })
    .from(masterItem);
  return new Map(rows.map((r) => [`${r.category}:${r.code}`, { id: r.id, parentId: r.parentId }]));
};

const idOf = (lookups: Lookups, category: string, code: string): number => {
  const item = lookups.get(`${category}:${code}`);
  if (!item) throw new Error(`seed: lookup ${category}:${code} missing`);
  return item.id;
};

const shortDistrict = (name: string) => (name.length > 2 ? name.replace(/(区|县|市)$/, '') : name);

const pad = (n: number, width: number) => String(n).padStart(width, '0');

const dateOf = (rng: Rng, fromYear: number, toYear: number) =>
  `${rng.int(fromYear, toYear)}-${pad(rng.int(1, 12), 2)}-${pad(rng.int(1, 28), 2)}`;

/** A store's file: everything but code, name and region. */
const storeFile = (rng: Rng, lookups: Lookups, divisionCode: string, districtName: string, areaCode: string) => {
  const franchise = rng.chance(0.45);
  const partner = !franchise && rng.chance(0.1);
  const type = franchise ? 'FRANCHISE' : partner ? 'PARTNER' : 'DIRECT';
  const subs: Record<string, readonly string[]> = {
    DIRECT: ['DIRECT_FLAGSHIP', 'DIRECT_STANDARD', 'DIRECT_STANDARD', 'DIRECT_COMMUNITY'],
    FRANCHISE: ['FRANCHISE_SINGLE', 'FRANCHISE_SINGLE', 'FRANCHISE_AREA'],
    PARTNER: ['PARTNER_SALON', 'PARTNER_SPA'],
  };
  const building = rng.pick(BUILDINGS);
  return {
    ownership: franchise ? 'franchise' : 'direct',
    typeId: idOf(lookups, 'storeType', type),
    subTypeId: idOf(lookups, 'storeSubType', rng.pick(subs[type]!)),
    levelId: idOf(lookups, 'storeLevel', rng.pick(['A', 'B', 'B', 'C', 'C', 'D'])),
    businessScopeId: idOf(
      lookups,
      'businessScope',
      rng.pick(['HAIR_CARE', 'HAIR_CARE', 'SCALP_CARE', 'ANTI_HAIR_LOSS']),
    ),
    bizDistrictId: idOf(lookups, 'bizDistrict', rng.pick(['COMMUNITY', 'MALL', 'OFFICE', 'STREET', 'CAMPUS'])),
    marketSegmentId: idOf(lookups, 'marketSegment', rng.pick(['HIGH_END', 'MID_RANGE', 'MID_RANGE', 'MASS'])),
    taxpayerTypeId: idOf(lookups, 'taxpayerType', franchise ? 'SMALL' : 'GENERAL'),
    divisionCode,
    address: `${districtName}${rng.pick(ROADS)}${rng.int(1, 888)}号${building}`,
    phone: `${areaCode}-${rng.int(5, 8)}${pad(rng.int(0, 9_999_999), 7)}`,
    openDate: dateOf(rng, 2014, 2024),
  };
};

const personName = (rng: Rng, female: boolean) => `${rng.pick([...SURNAMES])}${rng.pick(female ? FEMALE : MALE)}`;

/** Inserts rows in statements of `size` (a statement takes at most 65,535 parameters). */
export const insertInChunks = async <T>(rows: readonly T[], size: number, write: (part: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
};

/** A store name not taken yet: the district's name, then 二店…九店, then a road, then a number. */
const freeName = (rng: Rng, names: Set<string>, city: string, district: string): string => {
  const base = `${city}${shortDistrict(district)}`;
  const candidates = [
    `${base}店`,
    ...[...'二三四五六七八九'].map((n) => `${base}${n}店`),
    ...Array.from({ length: 4 }, () => `${base}${rng.pick(ROADS)}店`),
  ];
  let name = candidates.find((c) => !names.has(c));
  for (let n = 2; !name; n++) if (!names.has(`${base}${n}号店`)) name = `${base}${n}号店`;
  names.add(name);
  return name;
};

/** The 门店 box of the hierarchy gets each new store, offered every store-level role. */
const placeInHierarchy = async (tx: Tx, stores: readonly { id: number; name: string }[]) => {
  const [box] = await tx.select({ id: hier.id }).from(hier).where(eq(hier.level, 'store'));
  if (!box || stores.length === 0) return;
  const roles = await tx.select({ id: role.id }).from(role).where(eq(role.hierId, box.id));
  const contents: { id: number }[] = [];
  await insertInChunks(stores, 2000, async (part) => {
    contents.push(
      ...(await tx
        .insert(hierContent)
        .values(part.map((s) => ({ hierId: box.id, name: s.name, storeId: s.id })))
        .returning({ id: hierContent.id })),
    );
  });
  const offers = contents.flatMap((c) => roles.map((r) => ({ contentId: c.id, roleId: r.id })));
  await insertInChunks(offers, 5000, (part) => tx.insert(hierContentRole).values(part));
};

export const seedStoresAndStaff = async (tx: Tx, scale: Scale = SCALES.demo, seed = DEFAULT_SEED): Promise<void> => {
  const rng = prng(seed);
  const lookups = await lookupsOf(tx);
  const regions = await tx.select({ id: region.id, name: region.name }).from(region).orderBy(asc(region.sort));
  const existing = await tx.select({ id: store.id, code: store.code, name: store.name }).from(store);
  const cityCodes = Object.values(CITIES).flatMap((cs) => cs.map((c) => c[0]));
  const districts = await tx
    .select({ code: regionDivision.code, name: regionDivision.name, parentCode: regionDivision.parentCode })
    .from(regionDivision)
    .where(and(eq(regionDivision.level, 3), inArray(regionDivision.parentCode, cityCodes)))
    .orderBy(asc(regionDivision.code));
  const districtName = (code: string) => districts.find((d) => d.code === code)?.name ?? '';
  const cityOf = (code: string) =>
    Object.values(CITIES)
      .flat()
      .find((c) => code.startsWith(c[0]))!;

  // The demo stores' files.
  for (const s of existing) {
    const division = DEMO_DISTRICTS[s.code];
    if (!division) continue;
    await tx
      .update(store)
      .set(storeFile(rng, lookups, division, districtName(division), cityOf(division)[3]))
      .where(eq(store.id, s.id));
  }

  // New stores: a district of one of the region's cities each, named after it.
  const names = new Set(existing.map((s) => s.name));
  const codes = new Set(existing.map((s) => s.code));
  const newStores: (typeof store.$inferInsert)[] = [];
  for (const r of regions) {
    for (let i = 0; i < scale.storesPerRegion; i++) {
      const [cityCode, cityName, prefix, areaCode] = rng.pick(CITIES[r.name] ?? []);
      const options = districts.filter((d) => d.parentCode === cityCode && d.name.endsWith('区'));
      const d = rng.pick(options.length ? options : districts.filter((x) => x.parentCode === cityCode));
      const name = freeName(rng, names, cityName, d.name);
      let seq = 1;
      while (codes.has(`${prefix}${pad(seq, 3)}`)) seq++;
      const code = `${prefix}${pad(seq, 3)}`;
      codes.add(code);
      const file = storeFile(rng, lookups, d.code, d.name, areaCode);
      const roll = rng.next();
      const status = roll < 0.06 ? 'preparing' : roll < 0.12 ? 'suspended' : roll < 0.16 ? 'closed' : 'open';
      newStores.push({
        code,
        name,
        regionId: r.id,
        // SCRM stays with the demo stores (tests count them per scope).
        scrmEnabled: false,
        ...file,
        status,
        openDate: status === 'preparing' ? null : file.openDate,
      });
    }
  }
  const created: { id: number; name: string }[] = [];
  await insertInChunks(newStores, 2000, async (part) => {
    created.push(...(await tx.insert(store).values(part).returning({ id: store.id, name: store.name })));
  });
  await placeInHierarchy(tx, created);

  // Staff: one 店长, two or three care staff, sometimes a consultant; a store still being set
  // up has none yet.
  const stores = await tx
    .select({ id: store.id, code: store.code, status: store.status, openDate: store.openDate })
    .from(store)
    .orderBy(asc(store.id));
  const [storeAccount] = await tx
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(eq(userAccount.loginName, 'SYYG0001'));
  const phones = new Set<string>();
  const level = (code: string) => idOf(lookups, 'staffLevel', code);
  const rows: (typeof staff.$inferInsert)[] = [];
  stores.forEach((s, index) => {
    if (s.status === 'preparing') return;
    const opened = Number((s.openDate ?? '2018-01-01').slice(0, 4));
    const roles: [position: string, levels: readonly string[]][] = [
      ['MANAGE', ['STORE_MANAGER']],
      ['CARE', ['CARE_JUNIOR', 'CARE_MIDDLE', 'CARE_SENIOR', 'CARE_EXPERT']],
      ['CARE', ['CARE_JUNIOR', 'CARE_MIDDLE', 'CARE_SENIOR']],
    ];
    if (rng.chance(0.6)) roles.push(['CARE', ['CARE_JUNIOR', 'CARE_MIDDLE']]);
    if (rng.chance(0.4)) roles.push(['CONSULT', ['CONSULT_JUNIOR', 'CONSULT_SENIOR']]);
    const extra = scale.extraStaffPerStore ? rng.int(0, 2 * scale.extraStaffPerStore) : 0;
    for (let e = 0; e < extra; e++) roles.push(['CARE', ['CARE_JUNIOR', 'CARE_MIDDLE', 'CARE_SENIOR', 'CARE_EXPERT']]);
    roles.forEach(([position, levels], k) => {
      const female = rng.chance(0.8);
      let phone = '';
      do phone = `${rng.pick(PHONE_PREFIXES)}${pad(rng.int(0, 99_999_999), 8)}`;
      while (phones.has(phone));
      phones.add(phone);
      const entryDate = dateOf(rng, Math.min(opened, 2024), 2025);
      // The demo store employee account (陈静, SYYG0001) is the first care member of SH001.
      const linked = s.code === 'SH001' && k === 1 ? storeAccount : undefined;
      const roll = rng.next();
      const status = linked
        ? 'active'
        : s.status === 'closed' || roll < 0.08
          ? 'left'
          : roll < 0.2
            ? 'probation'
            : 'active';
      const care = position === 'CARE';
      const certificates = care
        ? [
            {
              name: CERTIFICATES[k % CERTIFICATES.length]![0],
              number: `${CERTIFICATES[k % CERTIFICATES.length]![1]}${pad(rng.int(0, 99_999_999), 8)}`,
              validUntil: rng.chance(0.3) ? null : dateOf(rng, 2026, 2030),
            },
          ]
        : [];
      rows.push({
        storeId: s.id,
        name: linked ? '陈静' : personName(rng, female),
        genderId: idOf(lookups, 'gender', linked || female ? '2' : '1'),
        areaCode: '0086',
        phone,
        positionId: idOf(lookups, 'position', position),
        levelId: level(rng.pick(levels)),
        educationId: idOf(lookups, 'education', rng.pick(['HIGH', 'SECONDARY', 'COLLEGE', 'COLLEGE', 'BACHELOR'])),
        maritalStatusId: idOf(lookups, 'maritalStatus', rng.pick(['SINGLE', 'SINGLE', 'MARRIED'])),
        entryDate,
        leaveDate: status === 'left' ? `${Number(entryDate.slice(0, 4)) + 1}${entryDate.slice(4)}` : null,
        status,
        hairGrowth: care && rng.chance(0.3),
        medicalSupervisor: position === 'MANAGE' && index % 3 === 0,
        certificates,
        accountId: linked?.id ?? null,
      });
    });
  });
  await insertInChunks(rows, 2000, (part) => tx.insert(staff).values(part));
};
