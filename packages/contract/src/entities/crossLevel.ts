/**
 * Cross-level draw (/crossLevelDrawConfig 跨级划卡配置): whether a card sold at a store of level X
 * may be drawn (划卡) at a store of level Y. Levels are the storeLevel lookup. The same level is
 * always allowed and is not stored. The page saves the whole matrix at once; the member ledger
 * asks server goods/crossLevel.ts `mayDrawAcrossLevels`.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { chosenIdOf } from '../api/ids';
import type { MasterItem } from '../api/master';
import { buttonAccess, buttonCodeOf, pageAccess } from '../api/pageAccess';

export interface CrossLevelPair {
  /** The level of the store that sold the card. */
  soldLevelId: number;
  /** The level of the store where it is drawn. */
  drawLevelId: number;
}

export interface CrossLevelMatrix {
  /** Every store level, in display order. */
  levels: MasterItem[];
  /** The pairs of different levels that are allowed. */
  allowed: CrossLevelPair[];
}

const levelId = (what: string) => chosenIdOf(`${what}无效`);

export const crossLevelPair = z.object({
  soldLevelId: levelId('售卡门店等级'),
  drawLevelId: levelId('划卡门店等级'),
});

/** Most pairs one matrix holds (20 levels). */
export const CROSS_LEVEL_PAIRS_MAX = 400;

export const saveCrossLevelBody = z.object({
  allowed: z
    .array(crossLevelPair, { error: '请提交划卡矩阵' })
    .max(CROSS_LEVEL_PAIRS_MAX, `最多 ${CROSS_LEVEL_PAIRS_MAX} 组门店等级`),
});

export const CROSS_LEVEL_API = {
  matrix: endpoint<undefined, undefined, CrossLevelMatrix>({
    method: 'GET',
    path: '/rest/crossLevelDraw/matrix',
    access: pageAccess('/crossLevelDrawConfig'),
    summary: '跨级划卡矩阵',
  }),
  /** Replaces the whole matrix: `allowed` lists every allowed pair of different levels. */
  save: endpoint<undefined, z.infer<typeof saveCrossLevelBody>, CrossLevelMatrix>({
    method: 'POST',
    path: '/rest/crossLevelDraw/save',
    access: buttonAccess('/crossLevelDrawConfig', 'edit'),
    body: saveCrossLevelBody,
    summary: '保存跨级划卡矩阵',
  }),
};

export const CROSS_LEVEL_BUTTONS = { edit: buttonCodeOf('/crossLevelDrawConfig', 'edit') };
