/**
 * 意向金 paying a bill (contract entities/bill.ts billIntentDepositsSchema): the deposits the
 * sender names are credited toward the bill's card-sale and top-up lines through
 * modules/intents useIntentDeposit (已支付 → 已使用, in the bill's transaction), each becoming one
 * 意向金 payment of its whole amount with its number as the trade number. Any refusal refuses
 * the whole bill (BILL_INVALID, the deposit named in the message).
 */
import { INTENT_FLOW } from '@zb/contract/entities/intentDeposit';
import { ERR } from '@zb/contract/errcodes';
import { stateLabel } from '@zb/contract/flow';
import { formatYuan } from '@zb/contract/resource/format';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { BizError } from '../../platform/errors';
import { intentDeposit } from '../intents/schema';
import { useIntentDeposit } from '../intents/service';

export interface IntentCredit {
  /** 分 the deposits paid of the bill. */
  amount: number;
  /** One 意向金 payment per deposit, in the order named. */
  payments: { method: 'intentDeposit'; amount: number; tradeNo: string }[];
}

export const creditIntentDeposits = async (
  tx: Tx,
  c: { consumeId: number; depositNos: readonly string[] | undefined; cardValue: number; clientId: number | null },
): Promise<IntentCredit> => {
  const nos = c.depositNos ?? [];
  if (nos.length === 0) return { amount: 0, payments: [] };
  const refuse = (msg: string) => new BizError(ERR.BILL_INVALID, msg);
  const found = await tx
    .select({ no: intentDeposit.depositNo, status: intentDeposit.status, amount: intentDeposit.amount })
    .from(intentDeposit)
    .where(inArray(intentDeposit.depositNo, [...nos]));
  for (const no of nos) {
    const d = found.find((x) => x.no === no);
    if (!d) throw refuse(`意向金${no}不存在`);
    if (d.status !== 'paid') throw refuse(`意向金${no}当前为「${stateLabel(INTENT_FLOW, d.status)}」，不能使用`);
  }
  const amount = found.reduce((n, d) => n + d.amount, 0);
  if (amount > c.cardValue) {
    throw refuse(
      `意向金合计 ${formatYuan(amount)} 元超过本单开卡和充值金额 ${formatYuan(c.cardValue)} 元（意向金只能抵扣开卡或充值）`,
    );
  }
  const payments: IntentCredit['payments'] = [];
  for (const no of nos) {
    try {
      const used = await useIntentDeposit(tx, {
        depositNo: no,
        consumeId: c.consumeId,
        // The store's own till (the demo history) has no key: the system takes the step.
        by: c.clientId === null ? { kind: 'system' } : { kind: 'open', clientId: c.clientId },
      });
      payments.push({ method: 'intentDeposit', amount: used.amount, tradeNo: used.depositNo });
    } catch (e) {
      if (e instanceof BizError) throw refuse(`意向金${no}：${e.message}`);
      throw e;
    }
  }
  return { amount, payments };
};
