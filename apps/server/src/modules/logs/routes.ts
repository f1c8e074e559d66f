/** /operationLog and /apiLog on the resource engine: read-only lists over the audit tables, with the actor's name (and the operation log in Chinese). */
import { API_LOG, OPERATION_LOG, SYSTEM_LOG } from '@zb/contract/entities/logs';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { systemEvent } from '../../platform/events/schema';
import { bindResource, type ResourceBinding } from '../../platform/resource/binding';
import { registerResource } from '../../platform/resource/register';
import { apiLog, operationLog } from '../../platform/schema';
import { userAccount } from '../accounts/schema';
import { operationColumns } from './names';

const actor = alias(userAccount, 'actor');

export const operationLogBinding = bindResource({
  decl: OPERATION_LOG,
  table: operationLog,
  id: operationLog.id,
  // action, target and the keys of before/after in Chinese (names.ts), as the page shows and filters them
  columns: { userName: actor.nickname, loginName: actor.loginName, ...operationColumns },
  joins: [{ table: actor, on: eq(actor.id, operationLog.userId) }],
});

export const apiLogBinding = bindResource({
  decl: API_LOG,
  table: apiLog,
  id: apiLog.id,
  columns: { userName: actor.nickname },
  joins: [{ table: actor, on: eq(actor.id, apiLog.userId) }],
});

export const systemLogBinding: ResourceBinding = { decl: SYSTEM_LOG, table: systemEvent, id: systemEvent.id };

export const logRoutes = async (app: FastifyInstance) => {
  registerResource(app, systemLogBinding);
  registerResource(app, operationLogBinding);
  registerResource(app, apiLogBinding);
};
