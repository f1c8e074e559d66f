/**
 * The sizes the data generator builds (`npm run seed -- --scale demo|large`). demo is what
 * `npm start` seeds on a first start; large is a national chain for the benchmarks. Later issues
 * extend both with members and sales on the same seed.
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
  /** Months of store orders up to the generator's end date. */
  orderMonths: number;
  /** Orders a store places in a month, and lines per order: [min, max]. */
  ordersPerMonth: readonly [number, number];
  linesPerOrder: readonly [number, number];
}

export const SCALES: Record<ScaleName, Scale> = {
  demo: {
    name: 'demo',
    storesPerRegion: 10,
    extraStaffPerStore: 0,
    extraProducts: 0,
    extraProjects: 0,
    orderMonths: 12,
    ordersPerMonth: [1, 3],
    linesPerOrder: [3, 8],
  },
  large: {
    name: 'large',
    storesPerRegion: 398,
    extraStaffPerStore: 12,
    extraProducts: 4_170,
    extraProjects: 800,
    orderMonths: 24,
    ordersPerMonth: [1, 3],
    linesPerOrder: [6, 15],
  },
};

export const isScaleName = (name: string): name is ScaleName => (SCALE_NAMES as readonly string[]).includes(name);

/** The seed `npm start` uses; `--seed N` picks another world. */
export const DEFAULT_SEED = 20240501;
