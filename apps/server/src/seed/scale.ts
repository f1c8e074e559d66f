/**
 * The sizes the data generator builds (`npm run seed -- --scale demo|large`). demo is what
 * `npm start` seeds on a first start; large is a national chain for the benchmarks, with two
 * million members and their card history (seed/memberHistory.ts). Later issues extend both with
 * sales on the same seed.
 */

export const SCALE_NAMES = ['demo', 'large'] as const;

export type ScaleName = (typeof SCALE_NAMES)[number];

export interface Scale {
  name: ScaleName;
  /** Stores added per region next to the twelve named demo stores. */
  storesPerRegion: number;
  /** Care staff added per store on average beyond the base team (店长 and two care staff). */
  extraStaffPerStore: number;
  /** Products, projects and cards generated beyond the fixed demo goods. */
  extraProducts: number;
  extraProjects: number;
  /** Months of store orders up to yesterday (or the generator's --until day). */
  orderMonths: number;
  /** Goods orders a store places in a month: [min, max]. */
  goodsOrdersPerMonth: readonly [number, number];
  /** Chance a store places a 美业产品 order, and a material order, in a month. */
  aestheticChance: number;
  materialChance: number;
  /** Lines per goods order: [min, max]. */
  linesPerOrder: readonly [number, number];
  /** Load the order history with COPY after the world's transaction (large), not inside it. */
  bulkHistory: boolean;
  /**
   * Members loaded with COPY after the world, with their cards, top-ups, bills and card ledger over
   * the order history's window (seed/memberHistory.ts); 0: the demo's few hundred members, written
   * through the ledger inside the world's transaction (seed/members.ts).
   */
  bulkMembers: number;
}

export const SCALES: Record<ScaleName, Scale> = {
  demo: {
    name: 'demo',
    storesPerRegion: 10,
    extraStaffPerStore: 0,
    extraProducts: 0,
    extraProjects: 0,
    orderMonths: 12,
    goodsOrdersPerMonth: [1, 1],
    aestheticChance: 0.3,
    materialChance: 0.15,
    linesPerOrder: [2, 5],
    bulkHistory: false,
    bulkMembers: 0,
  },
  large: {
    name: 'large',
    storesPerRegion: 398,
    extraStaffPerStore: 12,
    extraProducts: 4_170,
    extraProjects: 800,
    orderMonths: 24,
    goodsOrdersPerMonth: [1, 3],
    aestheticChance: 0.35,
    materialChance: 0.2,
    linesPerOrder: [5, 13],
    bulkHistory: true,
    bulkMembers: 2_000_000,
  },
};

export const isScaleName = (name: string): name is ScaleName => (SCALE_NAMES as readonly string[]).includes(name);

/** The seed `npm start` uses; `--seed N` picks another world. */
export const DEFAULT_SEED = 20240501;
