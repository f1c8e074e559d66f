/**
 * Runs a step of a declared flow (contract flow.ts) on one record: the record is locked, the
 * step checked against its state and its taker, the state moved with the step's other columns
 * in one conditional update, and its history row (flow_event) and operation-log row written —
 * all in the caller's transaction, so a step that moves money writes its ledger rows beside it.
 * Two takers racing on one record queue on the lock; the second sees the state the first left
 * and is refused with STATE_CHANGED.
 */

import { ERR } from '@zb/contract/errcodes';
import { canStep, type FlowActor, type FlowDecl, type FlowStep, stateLabel } from '@zb/contract/flow';
import type { OperationAction } from '@zb/contract/operationLog';
import { and, asc, eq, getTableName, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { userAccount } from '../modules/accounts/schema';
import { recordOperation } from './audit';
import { BizError } from './errors';
import { flowEvent } from './schema';

/** A table a flow runs on: an integer id and a text status. */
export type FlowTable = PgTable & { id: AnyPgColumn; status: AnyPgColumn };

export interface StepTaker {
  kind: FlowActor;
  /** The console user (console steps) or the user an open/system step is recorded under. */
  userId?: number | null;
  /** The open-API client (open_client.id) of an open step. */
  clientId?: number | null;
}

export interface StepRun<S extends string, K extends string> {
  flow: FlowDecl<S, K>;
  table: FlowTable;
  id: number;
  step: K;
  by: StepTaker;
  reason?: string | null;
  /** Other columns the step sets with the state (who decided, when it was executed …). */
  set?: Record<string, unknown>;
  /** Further conditions on the record: the caller's data scope. No row: RECORD_NOT_FOUND. */
  where?: SQL;
  at?: Date;
}

export interface StepDone<S extends string> {
  from: S;
  to: S;
}

export const runStep = async <S extends string, K extends string>(tx: Tx, run: StepRun<S, K>): Promise<StepDone<S>> => {
  const { flow, table, id, step, by } = run;
  const def = flow.steps[step] as FlowStep<S> | undefined;
  if (!def) throw new BizError(ERR.PARAM_INVALID, `${flow.title}没有「${String(step)}」这一步`);
  const reason = run.reason?.trim() ?? '';
  if (def.reason === 'required' && !reason) throw new BizError(ERR.PARAM_INVALID, `请填写${def.label}的原因`);
  const [cur] = await tx
    .select({ status: table.status })
    .from(table)
    .where(and(eq(table.id, id), run.where))
    .for('update');
  if (!cur) throw new BizError(ERR.RECORD_NOT_FOUND);
  const from = cur.status as S;
  if (!canStep(flow, step, from, by.kind)) {
    throw new BizError(
      ERR.STATE_CHANGED,
      `${flow.title}当前为「${stateLabel(flow, from)}」，不能${def.label}，请刷新后重试`,
    );
  }
  const at = run.at ?? new Date();
  await tx
    .update(table)
    .set({ ...run.set, status: def.to } as never)
    .where(eq(table.id, id));
  await tx.insert(flowEvent).values({
    flow: flow.name,
    recordId: id,
    step,
    fromState: from,
    toState: def.to,
    actorKind: by.kind,
    userId: by.userId ?? null,
    clientId: by.clientId ?? null,
    reason,
    at,
  });
  await recordOperation(tx, {
    userId: by.userId ?? null,
    // `${flow}.${step}`: the contract's FLOWS name every flow's steps for the operation log.
    action: `${flow.name}.${step}` as OperationAction,
    target: `${getTableName(table)}:${id}`,
    before: { status: from },
    after: reason ? { status: def.to, reason } : { status: def.to },
  });
  return { from, to: def.to };
};

/** Records a record's first state (its creation) in its history, e.g. 门店申请 of a refund. */
export const recordCreated = async (
  tx: Tx,
  flow: FlowDecl,
  id: number,
  by: StepTaker,
  label: string,
  at = new Date(),
): Promise<void> => {
  await tx.insert(flowEvent).values({
    flow: flow.name,
    recordId: id,
    step: 'create',
    fromState: '',
    toState: flow.initial,
    actorKind: by.kind,
    userId: by.userId ?? null,
    clientId: by.clientId ?? null,
    reason: label,
    at,
  });
};

export interface FlowHistoryRow {
  at: Date;
  step: string;
  /** The step's Chinese label (创建 for the first row). */
  label: string;
  from: string;
  to: string;
  actorKind: string;
  /** The console user's name, or the client's id for an open step (the caller may name it). */
  userName: string | null;
  clientId: number | null;
  reason: string;
}

/** A record's history, oldest first. */
export const flowHistory = async (db: Db, flow: FlowDecl, id: number): Promise<FlowHistoryRow[]> => {
  const rows = await db
    .select({
      at: flowEvent.at,
      step: flowEvent.step,
      from: flowEvent.fromState,
      to: flowEvent.toState,
      actorKind: flowEvent.actorKind,
      userName: userAccount.nickname,
      clientId: flowEvent.clientId,
      reason: flowEvent.reason,
    })
    .from(flowEvent)
    .leftJoin(userAccount, eq(userAccount.id, flowEvent.userId))
    .where(and(eq(flowEvent.flow, flow.name), eq(flowEvent.recordId, id)))
    .orderBy(asc(flowEvent.id));
  return rows.map((r) => ({
    ...r,
    label: r.step === 'create' ? '创建' : ((flow.steps as Record<string, FlowStep<string>>)[r.step]?.label ?? r.step),
  }));
};
