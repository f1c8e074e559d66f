/**
 * The endpoints a declaration implies, at `${api}/list`, `/detail/:id`, `/save` (POST creates,
 * PUT updates), `/delete`, `/batch` and `/export`, each with the access of its page or button.
 * An entity whose calls SPEC fixes (e.g. accounts, SPEC §7.7) moves them with its declaration's `paths`.
 */

import type { ExportQueued } from '../api/downloads';
import { codes, type Endpoint, endpoint, type Method } from '../api/endpoint';
import { buttonAccess, buttonCodeOf, pageAccess } from '../api/pageAccess';
import type { Page } from '../api/paging';
import { type AnyResource, type CreateValuesOf, type RowOf, type ValuesOf, writeButtonOf } from './define';
import { batchBody, createSchema, exportQuery, idParams, idsBody, listQuery, updateSchema } from './schemas';

/** A row of any resource; `RowOf<typeof DECL>` is the row of one. */
export type ResourceRow = { id: number } & Record<string, unknown>;

export type ResourceCall = 'list' | 'detail' | 'create' | 'update' | 'delete' | 'batch' | 'export';

export type PathOverrides = Partial<Record<ResourceCall, { method: Method; path: string }>>;

export interface SaveResult {
  id: number;
}

export interface BatchResult {
  /** Rows the action changed. */
  count: number;
}

/** The endpoints of a resource, typed by its declaration's row and values. */
export interface ResourceApi<D extends AnyResource = AnyResource> {
  list: Endpoint<Record<string, unknown>, undefined, Page<RowOf<D>>>;
  detail: Endpoint<undefined, undefined, RowOf<D>>;
  create?: Endpoint<undefined, CreateValuesOf<D>, SaveResult>;
  update?: Endpoint<undefined, ValuesOf<D> & { id: number }, SaveResult>;
  delete?: Endpoint<undefined, { ids: number[] }, BatchResult>;
  batch?: Endpoint<undefined, { action: string; ids: number[] }, BatchResult>;
  export?: Endpoint<Record<string, unknown>, undefined, ExportQueued>;
}

/** The code of the button a write (or a batch action's button) of the declaration needs. */
export const writeButtonCode = (decl: AnyResource, key: string): string => {
  const b = writeButtonOf(decl, key);
  return buttonCodeOf(b.page, b.key);
};

const cache = new WeakMap<AnyResource, ResourceApi>();

/** The endpoints of a resource (the same records every time for a declaration). */
export const resourceApi = <D extends AnyResource>(decl: D): ResourceApi<D> => {
  const kept = cache.get(decl);
  if (kept) return kept as ResourceApi<D>;
  const at = (call: ResourceCall, method: Method, path: string) =>
    decl.paths?.[call] ?? { method, path: `${decl.api}${path}` };
  const t = decl.title;
  const writeAccess = (key: string) => {
    const b = writeButtonOf(decl, key);
    return buttonAccess(b.page, b.key);
  };
  const api: ResourceApi = {
    list: endpoint({
      ...at('list', 'GET', '/list'),
      access: pageAccess(decl.page),
      query: listQuery(decl) as never,
      summary: `${t}列表`,
      read: true,
    }),
    detail: endpoint({
      ...at('detail', 'GET', '/detail/:id'),
      access: pageAccess(decl.page),
      params: idParams,
      summary: `${t}详情`,
      read: true,
    }),
  };
  if (decl.actions.create) {
    api.create = endpoint({
      ...at('create', 'POST', '/save'),
      access: writeAccess('add'),
      body: createSchema(decl) as never,
      summary: `新增${t}`,
    });
  }
  if (decl.actions.update) {
    api.update = endpoint({
      ...at('update', 'PUT', '/save'),
      access: writeAccess('edit'),
      body: updateSchema(decl) as never,
      summary: `修改${t}`,
    });
  }
  if (decl.actions.delete) {
    api.delete = endpoint({
      ...at('delete', 'POST', '/delete'),
      access: writeAccess('delete'),
      body: idsBody,
      summary: `删除${t}`,
    });
  }
  if (decl.batch?.length) {
    api.batch = endpoint({
      ...at('batch', 'POST', '/batch'),
      access: codes(...new Set(decl.batch.map((b) => writeButtonCode(decl, b.button)))),
      body: batchBody(decl) as never,
      summary: `批量处理${t}`,
    });
  }
  if (decl.actions.export) {
    api.export = endpoint({
      ...at('export', 'GET', '/export'),
      access: writeAccess('export'),
      query: exportQuery(decl) as never,
      summary: `导出${t}`,
    });
  }
  cache.set(decl, api);
  return api as ResourceApi<D>;
};
