/**
 * 优惠券 (contract entities/coupon.ts): templates on the resource engine with their rules and
 * steps (草稿 → 待审核 → 进行中 → 已停用, 驳回 back to 草稿), issuing from the console (members
 * named, a store's members), 补发 of failures, 作废, and 延期 through the approval center. The
 * coupons' own changes go through ledger.ts.
 *
 * Templates are head office's: no store, no data scope; the codes of /couponsManagement decide
 * who reads and writes them. Issued coupons and failures are scoped by the member's home store.
 */
import type { Page } from '@zb/contract/api/paging';
import {
  COUPON_FAILURE,
  COUPON_TEMPLATE,
  COUPON_TEMPLATE_STEPS,
  type CouponDelayBody,
  type CouponDelayRow,
  type CouponIssueBody,
  type CouponIssueResult,
  type CouponTemplateSaved,
  type CouponTemplateStep,
  couponTemplateStatusLabel,
  MEMBER_COUPON,
  splitCodes,
} from '@zb/contract/entities/coupon';
import { ERR } from '@zb/contract/errcodes';
import type { CreateValuesOf } from '@zb/contract/resource/define';
import { formatDateTime } from '@zb/contract/time';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { bindResource } from '../../platform/resource/binding';
import { checkStoreInScope, storeScopeFilter } from '../../platform/scope';
import { userAccount } from '../accounts/schema';
import { approval } from '../approvals/schema';
import { openApproval, registerApprovalKind } from '../approvals/service';
import { product, project } from '../goods/schema';
import { member, memberConsume } from '../members/schema';
import { store } from '../stores/schema';
import { openCrowdIssue } from './crowdIssue';
import { extendCoupons, issueCoupons, voidCoupons } from './ledger';
import { couponDelay, couponIssueFailure, couponTemplate, memberCoupon } from './schema';

const NOT_FOUND = '该优惠券不存在或已被删除';

const countOf = (status: string) =>
  sql<number>`(select count(*)::int from member_coupon c where c.template_id = "coupon_template"."id" and c.status = ${status})`;
const yuanText = (col: string) => `trim_scale("coupon_template"."${col}"::numeric / 100)::text`;

// ── Templates ─────────────────────────────────────────────────────────────────

type TemplateValues = CreateValuesOf<typeof COUPON_TEMPLATE>;

/** The rules of a template's values (each field already checked by its contract rule). */
const checkTemplate = async (tx: Tx, v: TemplateValues) => {
  const amount = v.amount ?? null;
  const threshold = v.threshold ?? 0;
  if (v.kind === 'fullReduction' || v.kind === 'voucher') {
    if (!amount) throw fieldError('amount', '请填写面额/减免金额');
    if (v.kind === 'fullReduction' && threshold < amount) {
      throw fieldError('threshold', '满减券的使用门槛不能低于减免金额');
    }
  }
  if (v.kind === 'discount' && !v.discountRate) throw fieldError('discountRate', '请填写折扣力度');
  const goods = splitCodes(v.goodsCodes);
  const single = v.kind === 'projectTrial' || v.kind === 'exchange';
  if (single && (v.goodsScope !== 'chosen' || goods.length !== 1)) {
    throw fieldError(
      'goodsCodes',
      v.kind === 'projectTrial' ? '项目体验券须指定一个项目编码' : '兑换券须指定一个商品编码',
    );
  }
  if (v.goodsScope === 'chosen') {
    if (goods.length === 0) throw fieldError('goodsCodes', '请填写适用的商品或项目编码');
    const projects = await tx.select({ code: project.code }).from(project).where(inArray(project.code, goods));
    const products = await tx.select({ code: product.code }).from(product).where(inArray(product.code, goods));
    const known = new Set([
      ...(v.kind === 'exchange' ? [] : projects.map((p) => p.code.toUpperCase())),
      ...(v.kind === 'projectTrial' ? [] : products.map((p) => p.code.toUpperCase())),
    ]);
    const unknown = goods.filter((g) => !known.has(g));
    if (unknown.length) {
      const what = v.kind === 'projectTrial' ? '项目' : v.kind === 'exchange' ? '商品' : '商品或项目';
      throw fieldError('goodsCodes', `${what}编码不存在：${unknown.slice(0, 5).join('、')}`);
    }
  }
  const stores = splitCodes(v.storeCodes);
  if (v.storeScope === 'chosen') {
    if (stores.length === 0) throw fieldError('storeCodes', '请填写适用的门店编码');
    const found = await tx.select({ code: store.code }).from(store).where(inArray(store.code, stores));
    const unknown = stores.filter((s) => !found.some((f) => f.code.toUpperCase() === s));
    if (unknown.length) throw fieldError('storeCodes', `门店编码不存在：${unknown.slice(0, 5).join('、')}`);
  }
  if (v.validityMode === 'fixed') {
    if (!v.validFrom) throw fieldError('validFrom', '请选择生效日期');
    if (!v.validTo) throw fieldError('validTo', '请选择失效日期');
    if (v.validTo < v.validFrom) throw fieldError('validTo', '失效日期不能早于生效日期');
  } else if (!v.validDays) throw fieldError('validDays', '请填写有效天数');
  return {
    name: v.name.trim(),
    kind: v.kind,
    amount: v.kind === 'fullReduction' || v.kind === 'voucher' ? amount : null,
    threshold,
    discountRate: v.kind === 'discount' ? (v.discountRate ?? null) : null,
    maxDiscount: v.kind === 'discount' ? (v.maxDiscount ?? null) : null,
    goodsScope: v.goodsScope,
    goodsCodes: v.goodsScope === 'chosen' ? goods.join(',') : null,
    storeScope: v.storeScope,
    storeCodes: v.storeScope === 'chosen' ? stores.join(',') : null,
    stackable: v.stackable,
    validityMode: v.validityMode,
    validFrom: v.validityMode === 'fixed' ? (v.validFrom ?? null) : null,
    validTo: v.validityMode === 'fixed' ? (v.validTo ?? null) : null,
    validDays: v.validityMode === 'days' ? (v.validDays ?? null) : null,
    totalQuantity: v.totalQuantity,
    perMemberLimit: v.perMemberLimit,
    remark: v.remark?.trim() || null,
  };
};

const stateError = (status: string | undefined, doing: string) =>
  new BizError(
    ERR.COUPON_STATE_CHANGED,
    status
      ? `优惠券状态已变化：当前为「${couponTemplateStatusLabel(status)}」，不能${doing}`
      : `优惠券状态已变化，不能${doing}`,
  );

/** /couponsManagement: templates with their result figures (counts over the issued coupons and the bills they paid). */
export const couponTemplateBinding = bindResource({
  decl: COUPON_TEMPLATE,
  table: couponTemplate,
  id: couponTemplate.id,
  columns: {
    valueText: sql<string>`case "coupon_template"."kind"
      when 'fullReduction' then '满 ' || ${sql.raw(yuanText('threshold'))} || ' 减 ' || ${sql.raw(yuanText('amount'))} || ' 元'
      when 'discount' then trim_scale((10000 - "coupon_template"."discount_rate")::numeric / 1000)::text || ' 折'
        || coalesce('（最多减 ' || ${sql.raw(yuanText('max_discount'))} || ' 元）', '')
      when 'voucher' then '抵 ' || ${sql.raw(yuanText('amount'))} || ' 元'
        || case when "coupon_template"."threshold" > 0 then '（满 ' || ${sql.raw(yuanText('threshold'))} || ' 元可用）' else '' end
      when 'projectTrial' then '免费体验项目 ' || coalesce("coupon_template"."goods_codes", '')
      else '兑换商品 ' || coalesce("coupon_template"."goods_codes", '') end`,
    validityText: sql<string>`case "coupon_template"."validity_mode" when 'fixed'
      then "coupon_template"."valid_from"::text || ' 至 ' || "coupon_template"."valid_to"::text
      else '领取后 ' || "coupon_template"."valid_days"::text || ' 天内' end`,
    issuedCount: couponTemplate.issuedQuantity,
    unusedCount: countOf('unused'),
    usedCount: countOf('used'),
    expiredCount: countOf('expired'),
    discountGiven: sql<number>`(select coalesce(sum(c.used_value), 0)::int from member_coupon c
      where c.template_id = "coupon_template"."id" and c.status = 'used')`,
    billRevenue: sql<number>`(select coalesce(sum(b.total), 0)::int from member_consume b
      where b.status = 'completed' and b.id in (select c.used_consume_id from member_coupon c
        where c.template_id = "coupon_template"."id" and c.status = 'used'))`,
    failedCount: sql<number>`(select count(*)::int from coupon_issue_failure f
      where f.template_id = "coupon_template"."id" and f.status = 'failed')`,
  },
  service: {
    create: async ({ tx, auth }, values) => {
      const v = await checkTemplate(tx, values);
      const [row] = await tx
        .insert(couponTemplate)
        .values({ ...v, code: sql`'QT-' || gen_random_uuid()::text`, createdBy: auth.user.id })
        .returning({ id: couponTemplate.id });
      const id = row!.id;
      await tx
        .update(couponTemplate)
        .set({ code: `QT${String(id).padStart(6, '0')}` })
        .where(eq(couponTemplate.id, id));
      return id;
    },
    update: async ({ tx }, id, values, before) => {
      const v = await checkTemplate(tx, { ...before, ...values } as TemplateValues);
      const rows = await tx
        .update(couponTemplate)
        .set({ ...v, updatedAt: sql`now()` })
        .where(and(eq(couponTemplate.id, id), eq(couponTemplate.status, 'draft')))
        .returning({ id: couponTemplate.id });
      if (rows.length === 0) throw stateError(String(before.status), '修改（只有草稿可以修改）');
    },
    remove: async ({ tx }, id, before) => {
      const rows = await tx
        .delete(couponTemplate)
        .where(and(eq(couponTemplate.id, id), eq(couponTemplate.status, 'draft'), eq(couponTemplate.issuedQuantity, 0)))
        .returning({ id: couponTemplate.id });
      if (rows.length === 0) throw stateError(String(before.status), '删除（只有未发放的草稿可以删除）');
    },
  },
});

export const moveTemplate = (db: Db, auth: Auth, step: CouponTemplateStep, id: number, reason?: string) =>
  db.transaction(async (tx): Promise<CouponTemplateSaved> => {
    const s = COUPON_TEMPLATE_STEPS[step];
    const [t] = await tx
      .select({ status: couponTemplate.status, name: couponTemplate.name })
      .from(couponTemplate)
      .where(eq(couponTemplate.id, id));
    if (!t) throw new BizError(ERR.RECORD_NOT_FOUND, NOT_FOUND);
    const rows = await tx
      .update(couponTemplate)
      .set({
        status: s.to,
        updatedAt: sql`now()`,
        ...(step === 'approve' ? { approvedBy: auth.user.id, approvedAt: sql`now()` } : {}),
        ...(step === 'reject' ? { rejectReason: reason ?? null } : {}),
        ...(step === 'submit' ? { rejectReason: null } : {}),
      })
      .where(and(eq(couponTemplate.id, id), inArray(couponTemplate.status, [...s.from])))
      .returning({ id: couponTemplate.id });
    if (rows.length === 0) throw stateError(t.status, s.label);
    await recordOperation(tx, {
      userId: auth.user.id,
      action: `couponTemplate.${step}`,
      target: `couponTemplate:${id}`,
      before: { status: t.status },
      after: { status: s.to, ...(reason ? { rejectReason: reason } : {}) },
    });
    return { id, status: s.to };
  });

// ── 发放 from the console ─────────────────────────────────────────────────────

/**
 * 发放 to the members named (those outside the caller's data scope fail as not found), to every
 * member whose home store is the store named (in the caller's scope), or to a crowd (crowdIssue.ts:
 * a job, answered at once with the issue 进行中).
 */
export const issueFromConsole = async (db: Db, auth: Auth, body: CouponIssueBody): Promise<CouponIssueResult> =>
  body.source === 'crowd'
    ? openCrowdIssue(db, auth, { templateId: body.templateId, crowdId: body.crowdId! })
    : issueToMembers(db, auth, body);

const issueToMembers = async (db: Db, auth: Auth, body: CouponIssueBody): Promise<CouponIssueResult> =>
  db.transaction(async (tx) => {
    let memberIds: number[];
    let label: string | null = null;
    if (body.source === 'store') {
      await checkStoreInScope(tx, auth.scope, body.storeId, 'storeId');
      const [s] = await tx.select({ name: store.name }).from(store).where(eq(store.id, body.storeId!));
      label = s?.name ?? null;
      const rows = await tx
        .select({ id: member.id })
        .from(member)
        .where(eq(member.storeId, body.storeId!))
        .orderBy(member.id);
      memberIds = rows.map((r) => r.id);
      if (memberIds.length === 0) throw fieldError('storeId', '该门店没有会员');
    } else {
      const keys = [...new Set(body.memberKeys ?? [])];
      const byKey = keys.length
        ? await tx
            .select({ id: member.id, phone: member.phone, code: member.code })
            .from(member)
            .where(or(inArray(member.phone, keys), inArray(member.code, keys)))
        : [];
      const unknown = keys.filter((k) => !byKey.some((m) => m.phone === k || m.code === k));
      if (unknown.length) {
        throw fieldError('memberKeys', `没有这些手机号或会员编号的会员：${unknown.slice(0, 10).join('、')}`);
      }
      const asked = [...new Set([...(body.memberIds ?? []), ...byKey.map((m) => m.id)])];
      const seen = await tx
        .select({ id: member.id })
        .from(member)
        .where(and(inArray(member.id, asked), storeScopeFilter(auth.scope, member.storeId)));
      const inScope = new Set(seen.map((r) => r.id));
      // Members outside the scope are sent as ids the issue does not find: it records them as failures.
      memberIds = asked.map((id) => (inScope.has(id) ? id : -id));
    }
    return issueCoupons(tx, {
      templateId: body.templateId,
      memberIds,
      source: body.source,
      label,
      userId: auth.user.id,
    });
  });

// ── Issued coupons and failures ───────────────────────────────────────────────

const usedBill = alias(memberConsume, 'used_bill');

/** The coupons issued (/couponDelayManage picks from them; a member's /coupon tab reads its report view). */
export const memberCouponBinding = bindResource({
  decl: MEMBER_COUPON,
  table: memberCoupon,
  id: memberCoupon.id,
  joins: [
    { table: couponTemplate, on: eq(couponTemplate.id, memberCoupon.templateId), inner: true },
    { table: member, on: eq(member.id, memberCoupon.memberId), inner: true },
    { table: store, on: eq(store.id, memberCoupon.storeId) },
    { table: usedBill, on: eq(usedBill.id, memberCoupon.usedConsumeId) },
  ],
  columns: {
    templateName: couponTemplate.name,
    kind: couponTemplate.kind,
    memberName: member.name,
    memberPhone: member.phone,
    storeName: store.name,
    usedBillNo: usedBill.billNo,
  },
  scope: { store: memberCoupon.storeId },
  service: {
    batch: {
      voidCoupons: ({ tx, auth }, ids) => voidCoupons(tx, ids, auth.user.id),
    },
  },
});

/** /couponsResend: failed issues, 补发 by batch (each through the same issuing rules again). */
export const couponFailureBinding = bindResource({
  decl: COUPON_FAILURE,
  table: couponIssueFailure,
  id: couponIssueFailure.id,
  joins: [
    { table: couponTemplate, on: eq(couponTemplate.id, couponIssueFailure.templateId), inner: true },
    { table: member, on: eq(member.id, couponIssueFailure.memberId) },
  ],
  columns: { templateName: couponTemplate.name, memberName: member.name },
  scope: { store: member.storeId },
  service: {
    batch: {
      resend: async ({ tx, auth }, ids) => {
        const rows = await tx
          .select({
            id: couponIssueFailure.id,
            templateId: couponIssueFailure.templateId,
            memberId: couponIssueFailure.memberId,
          })
          .from(couponIssueFailure)
          .where(and(inArray(couponIssueFailure.id, [...ids]), eq(couponIssueFailure.status, 'failed')))
          .orderBy(couponIssueFailure.id)
          .for('update');
        let resent = 0;
        for (const templateId of [...new Set(rows.map((r) => r.templateId))]) {
          const mine = rows.filter((r) => r.templateId === templateId && r.memberId !== null);
          if (mine.length === 0) continue;
          const done = await issueCoupons(tx, {
            templateId,
            memberIds: mine.map((r) => r.memberId!),
            source: 'resend',
            userId: auth.user.id,
            retrying: mine.map((r) => ({ failureId: r.id, memberId: r.memberId! })),
          });
          resent += done.issued;
        }
        return resent;
      },
    },
  },
});

// ── 延期 through the approval center ─────────────────────────────────────────

/**
 * 延期申请: the coupons named (未使用, in the caller's scope) extended by `days` once the application
 * is approved in the approval center (ZBHT-SPZX, 优惠券延期申请); 延期 ledger rows then.
 */
export const applyDelay = (db: Db, auth: Auth, body: CouponDelayBody): Promise<CouponDelayRow> =>
  db.transaction(async (tx) => {
    const nos = [...new Set(body.couponNos)];
    const rows = await tx
      .select({ id: memberCoupon.id, no: memberCoupon.couponNo, status: memberCoupon.status })
      .from(memberCoupon)
      .where(and(inArray(memberCoupon.couponNo, nos), storeScopeFilter(auth.scope, memberCoupon.storeId)));
    const missing = nos.filter((n) => !rows.some((r) => r.no === n));
    if (missing.length) {
      throw fieldError('couponNos', `券号不存在或不在您的数据范围内：${missing.slice(0, 10).join('、')}`);
    }
    const notUnused = rows.find((r) => r.status !== 'unused');
    if (notUnused) throw fieldError('couponNos', `优惠券${notUnused.no}不是未使用状态，不能延期`);
    const ids = rows.map((r) => r.id);
    const ap = await openApproval(tx, {
      type: 'couponDelay',
      applicantId: auth.user.id,
      storeId: null,
      reason: `优惠券 ${ids.length} 张延期 ${body.days} 天：${body.reason}`,
    });
    const [d] = await tx
      .insert(couponDelay)
      .values({ approvalId: ap.id, couponIds: ids, days: body.days, reason: body.reason, createdBy: auth.user.id })
      .returning({ id: couponDelay.id });
    await recordOperation(tx, {
      userId: auth.user.id,
      action: 'approvalSubmit',
      target: `coupon_delay:${d!.id}`,
      after: { count: ids.length, days: body.days, reason: body.reason, spNo: ap.spNo },
    });
    const [row] = await delayRows(tx, eq(couponDelay.id, d!.id), 1, 0);
    return row!;
  });

registerApprovalKind({
  type: 'couponDelay',
  decided: async (tx, d) => {
    const [row] = await tx
      .select()
      .from(couponDelay)
      .where(and(eq(couponDelay.approvalId, d.approvalId), eq(couponDelay.status, 'pending')))
      .for('update');
    if (!row) return;
    const now = new Date();
    await tx
      .update(couponDelay)
      .set({ status: d.decision === 'approve' ? 'approved' : 'rejected', decidedAt: now })
      .where(eq(couponDelay.id, row.id));
    if (d.decision === 'approve') {
      await extendCoupons(tx, {
        delayId: row.id,
        couponIds: row.couponIds,
        days: row.days,
        userId: d.deciderId,
        at: now,
      });
    }
  },
  link: async () => '/couponDelayManage',
});

const applicant = alias(userAccount, 'applicant');

const delayRows = async (db: Db | Tx, where: ReturnType<typeof eq> | undefined, limit: number, offset: number) => {
  const rows = await db
    .select({
      id: couponDelay.id,
      spNo: approval.spNo,
      approvalId: couponDelay.approvalId,
      count: sql<number>`cardinality(${couponDelay.couponIds})::int`,
      days: couponDelay.days,
      reason: couponDelay.reason,
      status: couponDelay.status,
      createdByName: applicant.nickname,
      createdAt: couponDelay.createdAt,
      decidedAt: couponDelay.decidedAt,
    })
    .from(couponDelay)
    .leftJoin(approval, eq(approval.id, couponDelay.approvalId))
    .leftJoin(applicant, eq(applicant.id, couponDelay.createdBy))
    .where(where)
    .orderBy(desc(couponDelay.createdAt), desc(couponDelay.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    ...r,
    createdAt: formatDateTime(r.createdAt),
    decidedAt: r.decidedAt ? formatDateTime(r.decidedAt) : null,
  }));
};

export const listDelays = async (
  db: Db,
  q: { pageNo: number; pageSize: number; status?: string | undefined },
): Promise<Page<CouponDelayRow>> => {
  const where = q.status ? eq(couponDelay.status, q.status) : undefined;
  const [total] = await db.select({ n: count() }).from(couponDelay).where(where);
  return { list: await delayRows(db, where, q.pageSize, (q.pageNo - 1) * q.pageSize), total: total?.n ?? 0 };
};
