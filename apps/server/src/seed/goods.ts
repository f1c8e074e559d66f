/**
 * Demo goods: about 30 products, 20 projects with what each session consumes, and 8 cards.
 * Deterministic: fixed lists, no randomness.
 */
import type { Tx } from '../db/client';
import { card, cardProject, product, project, projectProduct } from '../modules/goods/schema';
import { masterItem } from '../modules/master/schema';

type P = [
  code: string,
  name: string,
  brand: string,
  spec: string,
  unit: string,
  ml: number | null,
  retail: number,
  cost: number,
];

/** Prices in 元; stored in 分. */
export const PRODUCTS: readonly P[] = [
  ['P001', '草本控油洗发露', '植养堂', '500ml/瓶', '瓶', 500, 128, 42],
  ['P002', '生姜防脱洗发水', '植养堂', '480ml/瓶', '瓶', 480, 158, 51],
  ['P003', '何首乌乌发洗发露', '植养堂', '500ml/瓶', '瓶', 500, 168, 55],
  ['P004', '薄荷清爽洗发水', '青禾', '400ml/瓶', '瓶', 400, 88, 28],
  ['P005', '氨基酸温和洗发露', '青禾', '300ml/瓶', '瓶', 300, 98, 31],
  ['P006', '人参固发精华液', '本草元', '60ml/瓶', '瓶', 60, 298, 96],
  ['P007', '侧柏叶生发精华', '本草元', '50ml/瓶', '瓶', 50, 368, 118],
  ['P008', '头皮舒缓精油', '本草元', '30ml/瓶', '瓶', 30, 238, 72],
  ['P009', '深层清洁头皮泥', '青禾', '250ml/罐', '罐', 250, 128, 39],
  ['P010', '去屑止痒头皮膏', '青禾', '200ml/罐', '罐', 200, 138, 44],
  ['P011', '角蛋白修护发膜', '丝润', '500ml/罐', '罐', 500, 188, 60],
  ['P012', '焗油护发素', '丝润', '500ml/瓶', '瓶', 500, 108, 34],
  ['P013', '免洗护发精油', '丝润', '100ml/瓶', '瓶', 100, 138, 45],
  ['P014', '黑芝麻养发乳', '植养堂', '200ml/支', '支', 200, 158, 50],
  ['P015', '头皮能量安瓶', '本草元', '5ml×10支/盒', '盒', 50, 468, 150],
  ['P016', '草本头疗包', '植养堂', '10袋/盒', '盒', null, 198, 66],
  ['P017', '艾草热敷包', '植养堂', '1袋', '袋', null, 18, 5],
  ['P018', '一次性护理毛巾', '洁品', '50条/包', '袋', null, 25, 9],
  ['P019', '头皮检测探头保护套', '洁品', '100个/盒', '盒', null, 45, 15],
  ['P020', '按摩梳', '木语', '1把', '个', null, 68, 20],
  ['P021', '檀木宽齿梳', '木语', '1把', '个', null, 88, 26],
  ['P022', '护发素旅行装', '丝润', '50ml/支', '支', 50, 29, 8],
  ['P023', '洗发露旅行装', '植养堂', '50ml/支', '支', 50, 29, 8],
  ['P024', '头皮爽肤水', '青禾', '150ml/瓶', '瓶', 150, 118, 36],
  ['P025', '防脱固发喷雾', '本草元', '100ml/瓶', '瓶', 100, 258, 82],
  ['P026', '养发茶饮', '本草元', '20包/盒', '盒', null, 98, 30],
  ['P027', '蒸汽护理面罩', '洁品', '20片/盒', '盒', null, 58, 18],
  ['P028', '薰衣草舒眠喷雾', '青禾', '100ml/瓶', '瓶', 100, 78, 24],
  ['P029', '头皮护理礼盒', '植养堂', '4件/套', '套', null, 598, 210],
  ['P030', '乌发护理套装', '植养堂', '3件/套', '套', null, 458, 160],
];

/** Off-sale products (discontinued). */
const OFF_SALE = new Set(['P022', 'P028']);

type J = [
  code: string,
  name: string,
  type: string,
  sub: string,
  minutes: number,
  price: number,
  labels: readonly string[],
  fee: string,
  consumes: readonly [product: string, qty: number, unit: 'ml' | 'piece'][],
];

export const PROJECTS: readonly J[] = [
  [
    'J001',
    '头皮深层清洁护理',
    'SCALP',
    'SCALP_CLEAN',
    60,
    198,
    ['NEW_MEMBER'],
    'GOODS',
    [
      ['P009', 30, 'ml'],
      ['P004', 20, 'ml'],
      ['P018', 1, 'piece'],
    ],
  ],
  [
    'J002',
    '控油舒缓头疗',
    'SCALP',
    'SCALP_OIL',
    75,
    268,
    ['OILY_SCALP'],
    'GOODS',
    [
      ['P001', 25, 'ml'],
      ['P008', 3, 'ml'],
      ['P018', 1, 'piece'],
    ],
  ],
  [
    'J003',
    '去屑止痒护理',
    'SCALP',
    'SCALP_DANDRUFF',
    60,
    238,
    ['SENSITIVE_SCALP'],
    'GOODS',
    [
      ['P010', 20, 'ml'],
      ['P005', 20, 'ml'],
    ],
  ],
  [
    'J004',
    '敏感头皮修护',
    'SCALP',
    'SCALP_OIL',
    60,
    258,
    ['SENSITIVE_SCALP'],
    'GOODS',
    [
      ['P005', 20, 'ml'],
      ['P024', 10, 'ml'],
    ],
  ],
  [
    'J005',
    '草本养发护理',
    'NOURISH',
    'NOURISH_HERBAL',
    90,
    328,
    ['VIP'],
    'GOODS',
    [
      ['P003', 25, 'ml'],
      ['P016', 1, 'piece'],
      ['P017', 1, 'piece'],
    ],
  ],
  [
    'J006',
    '乌发养护疗程',
    'NOURISH',
    'NOURISH_BLACK',
    90,
    368,
    ['VIP'],
    'GOODS',
    [
      ['P003', 25, 'ml'],
      ['P014', 15, 'ml'],
    ],
  ],
  [
    'J007',
    '黑芝麻乌发护理',
    'NOURISH',
    'NOURISH_BLACK',
    75,
    298,
    [],
    'GOODS',
    [
      ['P014', 20, 'ml'],
      ['P018', 1, 'piece'],
    ],
  ],
  [
    'J008',
    '艾草温养头疗',
    'NOURISH',
    'NOURISH_HERBAL',
    60,
    218,
    ['DORMANT'],
    'GOODS',
    [
      ['P017', 2, 'piece'],
      ['P001', 20, 'ml'],
    ],
  ],
  [
    'J009',
    '防脱固发基础护理',
    'ANTI_LOSS',
    'ANTI_LOSS_BASIC',
    90,
    398,
    ['HAIR_LOSS'],
    'GOODS',
    [
      ['P002', 25, 'ml'],
      ['P006', 5, 'ml'],
    ],
  ],
  [
    'J010',
    '防脱生发强化护理',
    'ANTI_LOSS',
    'ANTI_LOSS_INTENSIVE',
    120,
    598,
    ['HAIR_LOSS', 'VIP'],
    'GOODS',
    [
      ['P002', 25, 'ml'],
      ['P007', 5, 'ml'],
      ['P015', 5, 'ml'],
    ],
  ],
  [
    'J011',
    '人参固发护理',
    'ANTI_LOSS',
    'ANTI_LOSS_BASIC',
    90,
    458,
    ['HAIR_LOSS'],
    'GOODS',
    [
      ['P006', 8, 'ml'],
      ['P025', 5, 'ml'],
    ],
  ],
  ['J012', '头皮能量安瓶护理', 'ANTI_LOSS', 'ANTI_LOSS_INTENSIVE', 60, 498, ['VIP'], 'GOODS', [['P015', 10, 'ml']]],
  [
    'J013',
    '基础洗护',
    'WASH',
    'WASH_BASIC',
    30,
    68,
    ['NEW_MEMBER'],
    'GOODS',
    [
      ['P001', 15, 'ml'],
      ['P012', 10, 'ml'],
      ['P018', 1, 'piece'],
    ],
  ],
  [
    'J014',
    '精致洗吹',
    'WASH',
    'WASH_BASIC',
    45,
    98,
    [],
    'GOODS',
    [
      ['P005', 15, 'ml'],
      ['P013', 2, 'ml'],
    ],
  ],
  [
    'J015',
    '修护焗油',
    'WASH',
    'WASH_REPAIR',
    60,
    168,
    [],
    'GOODS',
    [
      ['P011', 30, 'ml'],
      ['P027', 1, 'piece'],
    ],
  ],
  [
    'J016',
    '角蛋白深层修护',
    'WASH',
    'WASH_REPAIR',
    75,
    238,
    ['VIP'],
    'GOODS',
    [
      ['P011', 40, 'ml'],
      ['P013', 3, 'ml'],
    ],
  ],
  ['J017', '头皮检测', 'SCALP', 'SCALP_CLEAN', 20, 0, ['NEW_MEMBER'], 'SYSTEM_FEE', [['P019', 1, 'piece']]],
  [
    'J018',
    '薄荷清凉头疗',
    'SCALP',
    'SCALP_OIL',
    45,
    158,
    ['OILY_SCALP'],
    'GOODS',
    [
      ['P004', 25, 'ml'],
      ['P024', 10, 'ml'],
    ],
  ],
  ['J019', '舒眠头部按摩', 'NOURISH', 'NOURISH_HERBAL', 45, 188, ['DORMANT'], 'GOODS', [['P008', 3, 'ml']]],
  [
    'J020',
    '体验头疗（新客）',
    'SCALP',
    'SCALP_CLEAN',
    45,
    39,
    ['NEW_MEMBER'],
    'GOODS',
    [
      ['P009', 20, 'ml'],
      ['P018', 1, 'piece'],
    ],
  ],
];

type C = [
  code: string,
  name: string,
  kind: 'combo' | 'stored',
  price: number,
  days: number,
  amount: number | null,
  bonus: number | null,
  levels: readonly string[],
  projects: readonly [project: string, sessions: number][],
];

const CARDS: readonly C[] = [
  ['C001', '头皮清洁10次卡', 'combo', 1580, 365, null, null, [], [['J001', 10]]],
  [
    'C002',
    '防脱固发疗程卡',
    'combo',
    3580,
    365,
    null,
    null,
    ['A', 'B'],
    [
      ['J009', 8],
      ['J010', 4],
    ],
  ],
  [
    'C003',
    '乌发养护季卡',
    'combo',
    2680,
    120,
    null,
    null,
    [],
    [
      ['J006', 6],
      ['J007', 6],
    ],
  ],
  [
    'C004',
    '洗护畅享卡',
    'combo',
    580,
    180,
    null,
    null,
    [],
    [
      ['J013', 10],
      ['J014', 2],
    ],
  ],
  ['C005', '储值卡1000元', 'stored', 1000, 730, 1000, 100, [], []],
  ['C006', '储值卡3000元', 'stored', 3000, 730, 3000, 450, [], []],
  ['C007', '储值卡5000元（高端店）', 'stored', 5000, 1095, 5000, 1000, ['A'], []],
  [
    'C008',
    '新客体验卡',
    'combo',
    99,
    30,
    null,
    null,
    [],
    [
      ['J020', 1],
      ['J017', 1],
    ],
  ],
];

export const yuan = (n: number) => Math.round(n * 100);

export const seedGoods = async (tx: Tx): Promise<void> => {
  const items = await tx
    .select({ id: masterItem.id, category: masterItem.category, code: masterItem.code })
    .from(masterItem);
  const item = (category: string, code: string): number => {
    const found = items.find((i) => i.category === category && i.code === code);
    if (!found) throw new Error(`seed goods: ${category} ${code} missing`);
    return found.id;
  };
  const goodsType = item('productOnlineType', 'GOODS');

  const products = await tx
    .insert(product)
    .values(
      PRODUCTS.map(([code, name, brand, spec, unit, ml, retail, cost], i) => ({
        code,
        barcode: `69${String(20250000000 + i * 137).padStart(11, '0')}`,
        name,
        brand,
        spec,
        unit,
        mlPerUnit: ml,
        retailPrice: yuan(retail),
        costPrice: yuan(cost),
        onlineTypeId: goodsType,
        status: OFF_SALE.has(code) ? 'off' : 'on',
        sort: i + 1,
      })),
    )
    .returning({ id: product.id, code: product.code });
  const productId = new Map(products.map((p) => [p.code, p.id]));

  const projects = await tx
    .insert(project)
    .values(
      PROJECTS.map(([code, name, type, sub, minutes, price, labels, fee]) => ({
        code,
        name,
        typeId: item('projectType', type),
        subTypeId: item('projectSubType', sub),
        durationMin: minutes,
        price: yuan(price),
        labelIds: labels.map((l) => item('label', l)),
        feeTypeId: item('toEasFee', fee),
        status: 'on',
      })),
    )
    .returning({ id: project.id, code: project.code });
  const projectId = new Map(projects.map((p) => [p.code, p.id]));
  await tx.insert(projectProduct).values(
    PROJECTS.flatMap(([code, , , , , , , , consumes]) =>
      consumes.map(([p, quantity, unit], line) => ({
        projectId: projectId.get(code)!,
        productId: productId.get(p)!,
        quantity,
        unit,
        line,
      })),
    ),
  );

  const cards = await tx
    .insert(card)
    .values(
      CARDS.map(([code, name, kind, price, days, amount, bonus, levels]) => ({
        code,
        name,
        kind,
        price: yuan(price),
        validityDays: days,
        amount: amount === null ? null : yuan(amount),
        bonus: bonus === null ? null : yuan(bonus),
        usableScope: levels.length ? 'levels' : 'all',
        storeLevelIds: levels.map((l) => item('storeLevel', l)),
        status: 'on',
      })),
    )
    .returning({ id: card.id, code: card.code });
  const cardId = new Map(cards.map((c) => [c.code, c.id]));
  await tx.insert(cardProject).values(
    CARDS.flatMap(([code, , , , , , , , list]) =>
      list.map(([j, sessions], line) => ({
        cardId: cardId.get(code)!,
        projectId: projectId.get(j)!,
        sessions,
        line,
      })),
    ),
  );
};
