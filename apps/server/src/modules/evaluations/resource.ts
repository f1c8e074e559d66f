/**
 * The evaluation lists on the resource engine: /evaluationList (every evaluation in the caller's
 * stores, read-only, exported), /evaManagement (the 差评 only; handled by the calls of
 * service.ts), and the 评价维度 of /evaluateSetting (a dimension already scored is not deleted:
 * 停用 it instead).
 */
import { BAD_REVIEW, EVA_DIMENSION, EVALUATION } from '@zb/contract/entities/evaluation';
import { ERR } from '@zb/contract/errcodes';
import { count, eq, sql } from 'drizzle-orm';
import { BizError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { member, memberConsume } from '../members/schema';
import { staff } from '../staff/schema';
import { region, store } from '../stores/schema';
import { evaDimension, evaluation, evaluationScore } from './schema';

const columns = {
  billNo: memberConsume.billNo,
  storeName: store.name,
  regionName: region.name,
  memberName: member.name,
  memberPhone: member.phone,
  staffName: staff.name,
  scoreText: sql<string>`to_char("evaluation"."score_sum"::numeric / "evaluation"."score_count", 'FM990.0') || ' / ' || "evaluation"."scale_max"`,
  handlerName: sql<string | null>`(select u.nickname from user_account u where u.id = "evaluation"."handler_id")`,
};

const joins = [
  { table: memberConsume, on: eq(memberConsume.id, evaluation.consumeId) },
  { table: store, on: eq(store.id, evaluation.storeId) },
  { table: region, on: eq(region.id, store.regionId) },
  { table: member, on: eq(member.id, evaluation.memberId) },
  { table: staff, on: eq(staff.id, evaluation.staffId) },
];

export const evaluationBinding = bindResource({
  decl: EVALUATION,
  table: evaluation,
  id: evaluation.id,
  columns,
  joins,
  scope: { store: evaluation.storeId },
});

export const badReviewBinding = bindResource({
  decl: BAD_REVIEW,
  table: evaluation,
  id: evaluation.id,
  columns,
  joins,
  where: eq(evaluation.level, 'bad'),
  scope: { store: evaluation.storeId },
});

export const evaDimensionBinding = bindResource({
  decl: EVA_DIMENSION,
  table: evaDimension,
  id: evaDimension.id,
  uniques: { eva_dimension_code_uq: 'code' },
  service: {
    remove: async ({ tx }, id, before) => {
      const [used] = await tx.select({ n: count() }).from(evaluationScore).where(eq(evaluationScore.dimensionId, id));
      if (used && Number(used.n) > 0) {
        throw new BizError(ERR.RECORD_IN_USE, `评价维度「${before.name}」已有 ${used.n} 条评分，不能删除，请停用`);
      }
      await tx.delete(evaDimension).where(eq(evaDimension.id, id));
    },
  },
});
