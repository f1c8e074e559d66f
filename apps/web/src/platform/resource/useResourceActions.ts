/**
 * A resource's writes from the browser: save (create or update), delete and batch actions, each
 * asking first where the declaration says so, and refreshing the resource's lists and details
 * after (the entity's queries and those its declaration's `stale` names). Field errors of a refused save come back to the form instead of an alert.
 */
import { useQueryClient } from '@tanstack/react-query';
import { ERR } from '@zb/contract/errcodes';
import { type ResourceRow, resourceApi, type SaveResult, writeButtonCode } from '@zb/contract/resource/api';
import type { AnyResource, BatchActionDef } from '@zb/contract/resource/define';
import { useCallback } from 'react';
import { confirm, showAlert } from '../alerts';
import { isApiError } from '../apiError';
import { call } from '../http';
import { useButtons } from '../permissions';
import { invalidateAfterWrite } from '../queryClient';

/** Field errors of a refused save (PARAM-40001 / duplicate), or null for any other failure. */
export const fieldErrorsOf = (e: unknown): Record<string, string> | null => {
  if (!isApiError(e)) return null;
  const fields = (e.data as { fields?: Record<string, string> } | null)?.fields;
  return fields && Object.keys(fields).length ? fields : null;
};

const SAVE_HANDLED = [ERR.PARAM_INVALID, ERR.RECORD_DUPLICATE];

export type SaveOutcome = { ok: true; id: number } | { ok: false; fields: Record<string, string> | null };

export const useResourceActions = (decl: AnyResource) => {
  const api = resourceApi(decl);
  const queryClient = useQueryClient();
  const has = useButtons();
  const button = (key: string) => has(writeButtonCode(decl, key));
  const can = {
    create: !!api.create && button('add'),
    update: !!api.update && button('edit'),
    delete: !!api.delete && button('delete'),
    export: !!api.export && button('export'),
    /** The batch actions this user may run. */
    batch: (decl.batch ?? []).filter((b) => !!api.batch && button(b.button)),
  };
  const refresh = useCallback(() => invalidateAfterWrite(queryClient, decl), [queryClient, decl]);

  const save = useCallback(
    async (id: number | null, values: Record<string, unknown>): Promise<SaveOutcome> => {
      const endpoint = id === null ? api.create : api.update;
      if (!endpoint) throw new Error(`${decl.name}: no ${id === null ? 'create' : 'update'} call`);
      try {
        const body = id === null ? values : { ...values, id };
        const result = (await call(endpoint, { body }, { handled: SAVE_HANDLED })) as SaveResult;
        await refresh();
        return { ok: true, id: result.id };
      } catch (e) {
        const fields = fieldErrorsOf(e);
        // Handled codes skip the generic alert: show it here when no field carries the message.
        if (!fields && isApiError(e) && SAVE_HANDLED.includes(e.errcode as never)) void showAlert('error', e.errmsg);
        return { ok: false, fields };
      }
    },
    [api, decl.name, refresh],
  );

  const remove = useCallback(
    async (rows: readonly ResourceRow[]): Promise<boolean> => {
      if (!api.delete || rows.length === 0) return false;
      const what =
        rows.length === 1 ? `「${String(rows[0]?.[decl.rowLabel] ?? '')}」` : `选中的 ${rows.length} 条${decl.title}`;
      if (!(await confirm(`确定删除${what}？`))) return false;
      try {
        await call(api.delete, { body: { ids: rows.map((r) => r.id) } });
        await refresh();
        return true;
      } catch {
        return false;
      }
    },
    [api, decl, refresh],
  );

  const runBatch = useCallback(
    async (action: BatchActionDef, ids: readonly number[]): Promise<boolean> => {
      if (!api.batch || ids.length === 0) return false;
      if (action.confirm && !(await confirm(action.confirm))) return false;
      try {
        await call(api.batch, { body: { action: action.key, ids: [...ids] } });
        await refresh();
        return true;
      } catch {
        return false;
      }
    },
    [api, refresh],
  );

  return { can, save, remove, runBatch, refresh };
};
