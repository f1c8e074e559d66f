/**
 * Registers a resource's API from its declaration and binding: list (paged, filtered, sorted,
 * with total), detail, create, update, delete and batch — every one guarded by the access the
 * contract's endpoint declares, validated by the same zod schema as the browser's form.
 */
import { ERR } from '@zb/contract/errcodes';
import { resourceApi, writeButtonCode } from '@zb/contract/resource/api';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../context';
import { BizError } from '../errors';
import { enqueueExport } from '../exports/enqueue';
import { route } from '../route';
import type { ResourceBinding, Values } from './binding';
import { registerResourceExport } from './export';
import { fieldExprs, findRow, listPage } from './query';
import { batchRows, createRow, deleteRows, updateRow } from './write';

/** A batch action needs its own button, not just any of the batch buttons the endpoint admits. */
const mayRunBatch = (b: ResourceBinding, auth: Auth, action: string): boolean => {
  if (auth.user.isAdmin) return true;
  const def = b.decl.batch?.find((x) => x.key === action);
  return !!def && !!auth.codes?.has(writeButtonCode(b.decl, def.button));
};

/** The binding of each declaration an app has registered (the last one, where an app builds its own). */
const registered = new Map<object, ResourceBinding>();

/** The bindings registered so far: the bench runs EXPLAIN on each one's list queries. */
export const registeredBindings = (): readonly ResourceBinding[] => [...registered.values()];

export const registerResource = (app: FastifyInstance, b: ResourceBinding): void => {
  registered.set(b.decl, b);
  fieldExprs(b); // every field must have a column or an expression: fail at start-up, not on a call
  const api = resourceApi(b.decl);

  route(app, api.list, ({ query }, { db, signedIn }) => listPage(db, b, signedIn().scope, query as Values));

  route(app, api.detail, async ({ params }, { db, signedIn }) => {
    const row = await findRow(db, b, signedIn().scope, (params as { id: number }).id);
    if (!row) throw new BizError(ERR.RECORD_NOT_FOUND, `该${b.decl.title}不存在或已被删除`);
    return row;
  });

  if (api.create) {
    route(app, api.create, async ({ body }, { db, signedIn }) => ({
      id: await createRow(db, b, signedIn(), body as Values),
    }));
  }

  if (api.update) {
    route(app, api.update, async ({ body }, { db, signedIn }) => {
      const { id, ...values } = body as Values & { id: number };
      await updateRow(db, b, signedIn(), id, values);
      return { id };
    });
  }

  if (api.delete) {
    route(app, api.delete, async ({ body }, { db, signedIn }) => ({
      count: await deleteRows(db, b, signedIn(), (body as { ids: number[] }).ids),
    }));
  }

  if (api.batch) {
    route(app, api.batch, async ({ body }, { db, signedIn }) => {
      const { action, ids } = body as { action: string; ids: number[] };
      const auth = signedIn();
      if (!mayRunBatch(b, auth, action)) throw new BizError(ERR.FORBIDDEN);
      return { count: await batchRows(db, b, auth, action, ids) };
    });
  }

  if (api.export) {
    registerResourceExport(b);
    // The job validates the query again when it runs, so it gets the query as the browser sent it.
    route(app, api.export, (_input, { db, req, signedIn }) => {
      const auth = signedIn();
      return enqueueExport(db, { userId: auth.user.id, scope: auth.scope, source: b.decl.name, params: req.query });
    });
  }
};
