/** /storeQuickConfig, headless: role and store from the URL, the effective entries, a draft order, save. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchQuickBase, fetchQuickConfig, fetchQuickOptions, QUICK_KEYS, saveQuicks } from './api';
import { addCode, moveCode, removeCode, sameOrder } from './quickOrder';

const idParam = (s: URLSearchParams, key: string): number | null => {
  const n = Number(s.get(key));
  return Number.isInteger(n) && n > 0 ? n : null;
};

export const useStoreQuick = () => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const options = useQuery({ queryKey: QUICK_KEYS.options, queryFn: fetchQuickOptions });
  const base = useQuery({ queryKey: QUICK_KEYS.base, queryFn: fetchQuickBase });
  const roleId = idParam(params, 'roleId') ?? options.data?.roles[0]?.id ?? null;
  const storeId = idParam(params, 'storeId');
  const config = useQuery({
    queryKey: QUICK_KEYS.config(roleId ?? 0, storeId),
    queryFn: () => fetchQuickConfig(roleId!, storeId),
    enabled: roleId !== null,
  });
  const saved = useMemo(() => config.data?.entries.map((e) => e.code) ?? [], [config.data]);
  // A draft belongs to the server state it was made from: another role or store drops it.
  const [edit, setEdit] = useState<{ base: string[]; codes: string[] } | null>(null);
  const draft = edit && edit.base === saved ? edit.codes : null;
  const setDraft = (codes: string[] | null) => setEdit(codes ? { base: saved, codes } : null);
  const codes = draft ?? saved;
  const dirty = draft !== null && !sameOrder(draft, saved);

  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (next: readonly string[]) => saveQuicks(roleId!, storeId, next),
    onSuccess: () => client.invalidateQueries({ queryKey: QUICK_KEYS.all }),
  });

  const pick = useCallback(
    (next: { roleId: number | null; storeId: number | null }) => {
      const s = new URLSearchParams();
      if (next.roleId) s.set('roleId', String(next.roleId));
      if (next.storeId) s.set('storeId', String(next.storeId));
      const text = s.toString();
      navigate({ pathname, search: text ? `?${text}` : '' });
    },
    [navigate, pathname],
  );

  const byCode = useMemo(() => new Map((base.data ?? []).map((b) => [b.code, b])), [base.data]);
  return {
    roles: options.data?.roles ?? [],
    stores: options.data?.stores ?? [],
    base: base.data ?? [],
    roleId,
    storeId,
    config: config.data ?? null,
    entries: codes.flatMap((c) => byCode.get(c) ?? []),
    codes,
    dirty,
    loading: config.isFetching || options.isLoading,
    pick,
    add: (code: string) => setDraft(addCode(codes, code)),
    remove: (code: string) => setDraft(removeCode(codes, code)),
    move: (code: string, delta: -1 | 1) => setDraft(moveCode(codes, code, delta)),
    discard: () => setDraft(null),
    save: () => save.mutateAsync(codes),
    /** 恢复角色默认: the store's own entries go. */
    restoreRoleDefault: () => save.mutateAsync([]),
    saving: save.isPending,
  };
};
