/**
 * Headless rules of /supplementOrCancellation's 申请补卡 and 申请注销 forms: the values as typed (元 for
 * the refund) checked by the contract's rules (cardReissueBody, cardCancelBody) and turned into the
 * call's body (分), and how a card found by number or phone reads in the picker.
 */
import {
  CARD_CLOSURE_KINDS,
  type CardClosureKind,
  type ClosableCardDto,
  cardCancelBody,
  cardReissueBody,
} from '@zb/contract/api/memberAssets';
import { MEMBER_CARD_STATUSES } from '@zb/contract/entities/member';
import { formatYuan } from '@zb/contract/resource/format';

export const closureLabel = (kind: CardClosureKind): string =>
  CARD_CLOSURE_KINDS.find((k) => k.value === kind)?.label ?? kind;

export interface ClosureValues {
  memberCardId?: number;
  newCardNo?: string;
  rule?: 'refund' | 'forfeit';
  refundYuan?: string;
  reason?: string;
}

type Checked<T> = { ok: true; body: T } | { ok: false; message: string };

const firstIssue = (e: { issues: { message: string }[] }) => e.issues[0]?.message ?? '请检查填写的内容';

/** 元 as typed → 分; NaN when it is not an amount with at most two decimals. */
const fen = (yuan: string | undefined) => {
  const t = (yuan ?? '').trim();
  if (!t) return 0;
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
};

/** The call's body of the form, or the first message of what is wrong. */
export const closureBodyOf = (
  kind: CardClosureKind,
  v: ClosureValues,
): Checked<ReturnType<typeof cardReissueBody.parse>> | Checked<ReturnType<typeof cardCancelBody.parse>> => {
  if (!v.memberCardId) return { ok: false, message: '请先查询并选择会员卡' };
  if (kind === 'reissue') {
    const parsed = cardReissueBody.safeParse({
      memberCardId: v.memberCardId,
      newCardNo: v.newCardNo ?? '',
      reason: v.reason ?? '',
    });
    return parsed.success ? { ok: true, body: parsed.data } : { ok: false, message: firstIssue(parsed.error) };
  }
  const rule = v.rule ?? 'refund';
  const refundAmount = rule === 'refund' ? fen(v.refundYuan) : 0;
  if (Number.isNaN(refundAmount)) return { ok: false, message: '退款金额须为数字，最多两位小数' };
  const parsed = cardCancelBody.safeParse({ memberCardId: v.memberCardId, rule, refundAmount, reason: v.reason ?? '' });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, message: firstIssue(parsed.error) };
};

/** 「KH00000009 张三 资产演示储值卡 本金 950.00 元、赠金 100.00 元（冻结）」 */
export const cardOptionLabel = (c: ClosableCardDto): string => {
  const held =
    c.kind === 'stored'
      ? `本金 ${formatYuan(c.balance ?? 0)} 元、赠金 ${formatYuan(c.bonusBalance ?? 0)} 元`
      : `剩余 ${c.sessionsLeft} 次`;
  const status = c.status === 'active' ? '' : `（${MEMBER_CARD_STATUSES.find((s) => s.value === c.status)?.label}）`;
  return `${c.cardNo} ${c.memberName} ${c.cardName} ${held}${status}${c.pending ? '（有待审批的申请）' : ''}`;
};

/** The confirmation before the call. */
export const confirmText = (kind: CardClosureKind, c: ClosableCardDto, refundAmount: number): string =>
  kind === 'reissue'
    ? `确定提交会员卡 ${c.cardNo} 的补卡申请吗？审批通过后，旧卡的余额和次数将全部转入新卡，旧卡停用。`
    : `确定提交会员卡 ${c.cardNo} 的注销申请吗？审批通过后卡内余额和次数清零，${
        refundAmount > 0 ? `退还本金 ${formatYuan(refundAmount)} 元，其余作废` : '全部作废'
      }，此操作不可撤销。`;
