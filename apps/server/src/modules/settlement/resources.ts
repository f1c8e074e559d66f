/**
 * /crossSettlementConfig (settlement rules) and /bankReceipt (bank receipts) on the resource
 * engine. Rules: the stores named must exist and differ; one rule per scope and effective month
 * (settlement_rule_scope_uq). Receipts: the bank serial is unique; a receipt's amount can never be
 * edited below what is already matched to statements.
 */
import { BANK_RECEIPT, SETTLEMENT_RULE } from '@zb/contract/entities/settlement';
import { eq, sql } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import { bindResource, type WriteContext } from '../../platform/resource/binding';
import { checkStoreInScope, HQ_SCOPE } from '../../platform/scope';
import { bankReceipt, settlementRule } from './schema';

const storeName = (column: string) =>
  sql<string | null>`(select s.name from store s where s.id = "settlement_rule"."${sql.raw(column)}")`;

const checkStores = async (ctx: WriteContext, issuing: number | null, serving: number | null) => {
  await checkStoreInScope(ctx.tx, HQ_SCOPE, issuing, 'issuingStoreId');
  await checkStoreInScope(ctx.tx, HQ_SCOPE, serving, 'servingStoreId');
  if (issuing !== null && issuing === serving) throw fieldError('servingStoreId', '开卡门店与消费门店不能是同一门店');
};

export const settlementRuleBinding = bindResource({
  decl: SETTLEMENT_RULE,
  table: settlementRule,
  id: settlementRule.id,
  columns: {
    issuingStoreName: storeName('issuing_store_id'),
    servingStoreName: storeName('serving_store_id'),
    scopeText: sql<string>`case
      when "settlement_rule"."issuing_store_id" is null and "settlement_rule"."serving_store_id" is null
        and "settlement_rule"."card_kind" is null then '默认规则'
      else concat_ws(' / ',
        (select '开卡：' || s.name from store s where s.id = "settlement_rule"."issuing_store_id"),
        (select '消费：' || s.name from store s where s.id = "settlement_rule"."serving_store_id"),
        case "settlement_rule"."card_kind" when 'combo' then '套餐卡' when 'stored' then '储值卡' end)
      end`,
  },
  uniques: { settlement_rule_scope_uq: 'effectiveMonth' },
  service: {
    create: async (ctx, values) => {
      await checkStores(ctx, values.issuingStoreId ?? null, values.servingStoreId ?? null);
      const [row] = await ctx.tx.insert(settlementRule).values(values).returning({ id: settlementRule.id });
      return row!.id;
    },
    update: async (ctx, id, values, before) => {
      const issuing = values.issuingStoreId === undefined ? before.issuingStoreId : values.issuingStoreId;
      const serving = values.servingStoreId === undefined ? before.servingStoreId : values.servingStoreId;
      await checkStores(ctx, issuing ?? null, serving ?? null);
      await ctx.tx
        .update(settlementRule)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(settlementRule.id, id));
    },
  },
});

export const bankReceiptBinding = bindResource({
  decl: BANK_RECEIPT,
  table: bankReceipt,
  id: bankReceipt.id,
  columns: {
    payerStoreName: sql<string>`(select s.name from store s where s.id = "bank_receipt"."payer_store_id")`,
  },
  uniques: { bank_receipt_serial_uq: 'bankSerial' },
  scope: { store: bankReceipt.payerStoreId },
  service: {
    update: async ({ tx }, id, values, before) => {
      const matched = Number(before.matchedAmount ?? 0);
      if (values.amount !== undefined && values.amount < matched) {
        throw fieldError('amount', `该回单已匹配 ${(matched / 100).toFixed(2)} 元，金额不能小于已匹配金额`);
      }
      if (values.payerStoreId !== undefined && values.payerStoreId !== before.payerStoreId && matched > 0) {
        throw fieldError('payerStoreId', '该回单已匹配结算单，不能更换付款门店');
      }
      await tx.update(bankReceipt).set(values).where(eq(bankReceipt.id, id));
    },
  },
});
