/**
 * Headless rules of the card handling panel: which handlings a card's state allows (the server
 * refuses the others with CARDHDL-40901), and the 调整 form's values (元 as typed) checked by the
 * contract's rule and turned into the call's body (分).
 */
import { type CardHandlingView, cardAdjustBody } from '@zb/contract/api/memberAssets';

export type Handling = 'freeze' | 'unfreeze' | 'adjust';

export const HANDLING_LABELS: Record<Handling, string> = { freeze: '冻结', unfreeze: '解冻', adjust: '调整' };

/** 冻结 an active card, 解冻 a frozen one; 调整 unless one waits for approval; none once 已补卡 or 已注销. */
export const handlingsOf = (c: Pick<CardHandlingView, 'status' | 'history'>): Handling[] =>
  c.status === 'closed' || c.status === 'cancelled'
    ? []
    : [
        c.status === 'frozen' ? 'unfreeze' : 'freeze',
        ...(c.history.some((h) => h.action === 'adjust' && h.status === 'pending') ? [] : (['adjust'] as const)),
      ];

export interface AdjustValues {
  amountYuan?: string;
  bonusYuan?: string;
  projectId?: number;
  sessions?: string;
  reason?: string;
}

const fen = (yuan: string | undefined) => {
  const t = (yuan ?? '').trim();
  if (!t) return 0;
  return /^-?\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
};

/** The 调整 call's body, or the first message of what is wrong (in the contract's words). */
export const adjustBodyOf = (
  memberCardId: number,
  kind: CardHandlingView['kind'],
  v: AdjustValues,
): { ok: true; body: ReturnType<typeof cardAdjustBody.parse> } | { ok: false; message: string } => {
  const amount = kind === 'stored' ? fen(v.amountYuan) : 0;
  const bonus = kind === 'stored' ? fen(v.bonusYuan) : 0;
  if (Number.isNaN(amount) || Number.isNaN(bonus)) return { ok: false, message: '金额须为数字，最多两位小数' };
  // The body carries numbers: the typed sessions as a whole number, or NaN for the contract to refuse.
  const typed = v.sessions?.trim() ?? '';
  const sessions = kind !== 'combo' || typed === '' ? 0 : /^-?\d+$/.test(typed) ? Number(typed) : Number.NaN;
  const parsed = cardAdjustBody.safeParse({
    memberCardId,
    amount,
    bonus,
    projectId: kind === 'combo' ? v.projectId : undefined,
    sessions,
    reason: v.reason ?? '',
  });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? '请检查填写的内容' };
};
