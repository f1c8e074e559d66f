/**
 * The life of a head-office plan (contract entities/campaign.ts) through the approval center:
 * 提交审核 opens an application, its decision makes the plan 进行中 (or 已结束 when its end day
 * has passed meanwhile) or 已驳回, 停用 stops a 进行中 plan. The plan's module owns its table and
 * gives its reads and its one write here (`CampaignTable`), so each kind of plan runs the same
 * steps with the same checks, history and operation-log rows.
 */

import type { ApprovalType } from '@zb/contract/constants';
import {
  CAMPAIGN_EDITABLE,
  type CampaignStatus,
  type CampaignStepAnswer,
  type CampaignStepsApi,
} from '@zb/contract/entities/campaign';
import { ERR, type Errcode } from '@zb/contract/errcodes';
import type { OperationVerb } from '@zb/contract/operationLog';
import { formatDate } from '@zb/contract/time';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { recordOperation } from '../../platform/audit';
import type { Auth } from '../../platform/context';
import { BizError, fieldError } from '../../platform/errors';
import { route, WithMessage } from '../../platform/route';
import { openApproval, registerApprovalKind } from './service';

export interface CampaignRow {
  id: number;
  name: string;
  code: string;
  status: string;
  startDay: string;
  endDay: string;
}

/** What a plan's module gives: its approval type, words, and its table's reads and write. */
export interface CampaignTable {
  type: ApprovalType;
  /** The plan's noun, e.g. 折扣方案. */
  title: string;
  /** The detail page of one plan: `${detailPage}?id=5`. */
  detailPage: string;
  /** The plan, locked for update. */
  lock: (tx: Tx, id: number) => Promise<CampaignRow | undefined>;
  /** The plan the application decides, if it is still 待审核 (locked for update). */
  pendingOf: (tx: Tx, approvalId: number) => Promise<CampaignRow | undefined>;
  /** The plan of an application, whatever its state. */
  idOf: (db: Db, approvalId: number) => Promise<number | undefined>;
  setStatus: (tx: Tx, id: number, status: CampaignStatus, approvalId?: number) => Promise<void>;
  /** The errcode of a step the plan's state refuses (default CAMPAIGN_STATE). */
  stateCode?: Errcode;
  /** The plan's own rules, checked again before it is submitted. */
  check?: (tx: Tx, id: number) => Promise<void>;
}

/** A plan's table: campaignColumns (approvals/schema.ts) and its own. */
export type CampaignPgTable = PgTable & { id: AnyPgColumn; status: AnyPgColumn; approvalId: AnyPgColumn };

/** The reads of CampaignTable over a plan's table (its module keeps the write, setStatus). */
export const campaignReads = (table: CampaignPgTable): Pick<CampaignTable, 'lock' | 'pendingOf' | 'idOf'> => ({
  lock: async (tx, id) =>
    (await tx.select().from(table).where(eq(table.id, id)).for('update'))[0] as CampaignRow | undefined,
  pendingOf: async (tx, approvalId) =>
    (
      await tx
        .select()
        .from(table)
        .where(and(eq(table.approvalId, approvalId), eq(table.status, 'pending')))
        .for('update')
    )[0] as CampaignRow | undefined,
  idOf: async (db, approvalId) =>
    ((await db.select().from(table).where(eq(table.approvalId, approvalId)))[0] as CampaignRow | undefined)?.id,
});

/** A plan's dates as they will be: its end day not before its start day. */
export const checkCampaignDays = (v: { startDay?: unknown; endDay?: unknown }): void => {
  if (v.startDay && v.endDay && String(v.endDay) < String(v.startDay)) {
    throw fieldError('endDay', '结束日期不能早于开始日期');
  }
};

export const campaignLifecycle = (t: CampaignTable) => {
  const stateError = (msg: string) => new BizError(t.stateCode ?? ERR.CAMPAIGN_STATE, msg);
  const log = (tx: Tx, userId: number, step: OperationVerb, id: number, before: object, after: object) =>
    recordOperation(tx, { userId, action: `${t.type}.${step}`, target: `${t.type}:${id}`, before, after });

  /** The plan, locked, when it may be edited or deleted (草稿 or 已驳回). */
  const editable = async (tx: Tx, id: number): Promise<CampaignRow> => {
    const p = await t.lock(tx, id);
    if (!p) throw new BizError(ERR.RECORD_NOT_FOUND);
    if (!CAMPAIGN_EDITABLE.includes(p.status as CampaignStatus)) {
      throw stateError(`只有草稿或已驳回的${t.title}可以修改、提交或删除`);
    }
    return p;
  };

  const submit = (db: Db, auth: Auth, id: number): Promise<CampaignStepAnswer> =>
    db.transaction(async (tx) => {
      const p = await editable(tx, id);
      await t.check?.(tx, id);
      const ap = await openApproval(tx, {
        type: t.type,
        applicantId: auth.user.id,
        storeId: null,
        reason: `${t.title}「${p.name}」（${p.code}）：${p.startDay} 至 ${p.endDay}`,
      });
      await t.setStatus(tx, id, 'pending', ap.id);
      await log(tx, auth.user.id, 'submit', id, { status: p.status }, { status: 'pending', spNo: ap.spNo });
      return { id, status: 'pending', spNo: ap.spNo };
    });

  const disable = (db: Db, auth: Auth, id: number): Promise<CampaignStepAnswer> =>
    db.transaction(async (tx) => {
      const p = await t.lock(tx, id);
      if (!p) throw new BizError(ERR.RECORD_NOT_FOUND);
      if (p.status !== 'active') throw stateError(`只有进行中的${t.title}可以停用`);
      await t.setStatus(tx, id, 'disabled');
      await log(tx, auth.user.id, 'disable', id, { status: p.status }, { status: 'disabled' });
      return { id, status: 'disabled' };
    });

  registerApprovalKind({
    type: t.type,
    decided: async (tx, d) => {
      const p = await t.pendingOf(tx, d.approvalId);
      if (!p) return;
      const today = formatDate(new Date());
      const status: CampaignStatus = d.decision === 'reject' ? 'rejected' : p.endDay < today ? 'ended' : 'active';
      await t.setStatus(tx, p.id, status);
      await log(
        tx,
        d.deciderId,
        d.decision === 'approve' ? 'approve' : 'reject',
        p.id,
        { status: 'pending' },
        {
          status,
          comment: d.comment,
        },
      );
    },
    link: async (db, approvalId) => {
      const id = await t.idOf(db, approvalId);
      return id ? `${t.detailPage}?id=${id}` : null;
    },
  });

  return { editable, submit, disable };
};

/** Serves a kind of plan's 提交审核 and 停用 (contract campaignStepsApi) by its lifecycle. */
export const campaignRoutes = (
  app: FastifyInstance,
  api: CampaignStepsApi,
  steps: ReturnType<typeof campaignLifecycle>,
  title: string,
) => {
  route(app, api.submit, async ({ body }, { db, signedIn }) => {
    const r = await steps.submit(db, signedIn(), body.id);
    return new WithMessage(r, `已提交审核（${r.spNo}），请在审批中心处理`);
  });
  route(
    app,
    api.disable,
    async ({ body }, { db, signedIn }) =>
      new WithMessage(await steps.disable(db, signedIn(), body.id), `${title}已停用`),
  );
};
