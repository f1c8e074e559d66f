/**
 * Demo rows of the goods pages built on the products, projects and cards of seed/goods.ts:
 * packages, product packages, associated products, stored-value cards' associated projects,
 * minor healing courses, and one spare project label. Deterministic: fixed lists.
 */
import type { Tx } from '../db/client';
import {
  card,
  cardProjectDiscount,
  minorCourse,
  packageProject,
  pkg,
  product,
  productAssociation,
  productAssociationItem,
  productPackage,
  productPackageItem,
  project,
} from '../modules/goods/schema';
import { masterItem } from '../modules/master/schema';

const yuan = (n: number) => Math.round(n * 100);

/** Packages: code, name, price 元, validity days, on sale, [project, sessions]. */
const PACKAGES: readonly [string, string, number, number, boolean, string, readonly [string, number][]][] = [
  [
    'TC001',
    '防脱焕新套餐',
    2380,
    180,
    true,
    '防脱基础护理与人参固发护理组合，含一次头皮检测',
    [
      ['J009', 4],
      ['J011', 2],
      ['J017', 1],
    ],
  ],
  [
    'TC002',
    '头皮净透体验套餐',
    399,
    60,
    true,
    '新客体验：深层清洁两次加体验头疗',
    [
      ['J001', 2],
      ['J020', 1],
      ['J017', 1],
    ],
  ],
  [
    'TC003',
    '养发尊享套餐',
    2680,
    365,
    true,
    '',
    [
      ['J005', 3],
      ['J006', 3],
      ['J016', 2],
    ],
  ],
  [
    'TC004',
    '夏季清爽头疗套餐',
    880,
    90,
    false,
    '季节性套餐，已下架',
    [
      ['J002', 2],
      ['J018', 3],
    ],
  ],
];

/** Product packages: code, name, price 元, on sale, [product, quantity]. */
const PRODUCT_PACKAGES: readonly [string, string, number, boolean, readonly [string, number][]][] = [
  [
    'CP001',
    '控油洗护组合',
    298,
    true,
    [
      ['P001', 1],
      ['P012', 1],
      ['P024', 1],
    ],
  ],
  [
    'CP002',
    '防脱居家护理套装',
    798,
    true,
    [
      ['P002', 2],
      ['P006', 1],
      ['P025', 1],
    ],
  ],
  [
    'CP003',
    '乌发滋养组合',
    358,
    true,
    [
      ['P003', 1],
      ['P014', 1],
    ],
  ],
  [
    'CP004',
    '旅行装小样组',
    49,
    false,
    [
      ['P023', 1],
      ['P022', 1],
    ],
  ],
];

/** Associated products: main product, note, [linked product, quantity]. */
const ASSOCIATIONS: readonly [string, string, readonly [string, number][]][] = [
  [
    'P001',
    '控油洗发后搭配护发素与爽肤水',
    [
      ['P012', 1],
      ['P024', 1],
    ],
  ],
  [
    'P002',
    '防脱洗发水配固发精华与喷雾，居家三步',
    [
      ['P006', 1],
      ['P025', 1],
    ],
  ],
  ['P011', '发膜后用免洗精油锁水', [['P013', 1]]],
  ['P003', '', [['P014', 1]]],
  ['P029', '礼盒加赠按摩梳', [['P020', 1]]],
];

/** Stored-value cards' associated projects: card, [project, discount in basis points]. */
const CARD_DISCOUNTS: readonly [string, readonly [string, number][]][] = [
  [
    'C005',
    [
      ['J001', 9500],
      ['J009', 9000],
      ['J013', 10000],
      ['J014', 10000],
    ],
  ],
  [
    'C006',
    [
      ['J001', 9000],
      ['J005', 8800],
      ['J009', 8500],
      ['J010', 8500],
      ['J013', 9000],
    ],
  ],
  [
    'C007',
    [
      ['J010', 8000],
      ['J011', 8000],
      ['J012', 8000],
      ['J016', 8500],
    ],
  ],
];

/** Minor healing courses: code, name, project, sessions, price 元, validity days, on sale. */
const COURSES: readonly [string, string, string, number, number, number, boolean][] = [
  ['XL001', '防脱基础5次疗程', 'J009', 5, 1790, 120, true],
  ['XL002', '防脱基础10次疗程', 'J009', 10, 3380, 240, true],
  ['XL003', '头皮清洁5次疗程', 'J001', 5, 880, 120, true],
  ['XL004', '控油头疗6次疗程', 'J002', 6, 1380, 150, true],
  ['XL005', '防脱强化10次疗程', 'J010', 10, 5280, 365, true],
  ['XL006', '乌发养护5次疗程', 'J006', 5, 1680, 120, false],
];

export const seedGoodsExtra = async (tx: Tx): Promise<void> => {
  const ids = async (table: typeof product | typeof project | typeof card) =>
    new Map((await tx.select({ id: table.id, code: table.code }).from(table)).map((r) => [r.code, r.id]));
  const products = await ids(product);
  const projects = await ids(project);
  const cards = await ids(card);
  const of = (m: Map<string, number>, code: string): number => {
    const id = m.get(code);
    if (id === undefined) throw new Error(`seed goodsExtra: ${code} missing`);
    return id;
  };

  const packages = await tx
    .insert(pkg)
    .values(
      PACKAGES.map(([code, name, price, validityDays, on, note]) => ({
        code,
        name,
        price: yuan(price),
        validityDays,
        note: note || null,
        status: on ? 'on' : 'off',
      })),
    )
    .returning({ id: pkg.id, code: pkg.code });
  const packageId = new Map(packages.map((r) => [r.code, r.id]));
  await tx.insert(packageProject).values(
    PACKAGES.flatMap(([code, , , , , , rows]) =>
      rows.map(([j, sessions], line) => ({
        packageId: of(packageId, code),
        projectId: of(projects, j),
        sessions,
        line,
      })),
    ),
  );

  const productPackages = await tx
    .insert(productPackage)
    .values(
      PRODUCT_PACKAGES.map(([code, name, price, on]) => ({
        code,
        name,
        price: yuan(price),
        status: on ? 'on' : 'off',
      })),
    )
    .returning({ id: productPackage.id, code: productPackage.code });
  const productPackageId = new Map(productPackages.map((r) => [r.code, r.id]));
  await tx.insert(productPackageItem).values(
    PRODUCT_PACKAGES.flatMap(([code, , , , rows]) =>
      rows.map(([p, quantity], line) => ({
        packageId: of(productPackageId, code),
        productId: of(products, p),
        quantity,
        line,
      })),
    ),
  );

  for (const [main, note, rows] of ASSOCIATIONS) {
    const [row] = await tx
      .insert(productAssociation)
      .values({ mainProductId: of(products, main), note: note || null })
      .returning({ id: productAssociation.id });
    await tx
      .insert(productAssociationItem)
      .values(
        rows.map(([p, quantity], line) => ({ associationId: row!.id, productId: of(products, p), quantity, line })),
      );
  }

  await tx
    .insert(cardProjectDiscount)
    .values(
      CARD_DISCOUNTS.flatMap(([c, rows]) =>
        rows.map(([j, discount]) => ({ cardId: of(cards, c), projectId: of(projects, j), discount })),
      ),
    );

  await tx.insert(minorCourse).values(
    COURSES.map(([code, name, j, sessions, price, validityDays, on]) => ({
      code,
      name,
      projectId: of(projects, j),
      sessions,
      price: yuan(price),
      validityDays,
      status: on ? 'on' : 'off',
    })),
  );

  // A label no project carries yet, switched off: the label page shows both states.
  await tx
    .insert(masterItem)
    .values({ category: 'label', code: 'SEASONAL', name: '季节限定', sort: 99, enabled: false });
};
