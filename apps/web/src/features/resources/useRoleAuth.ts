/** The 角色授权 tab, headless: the tree, the chosen role's held ids, local edits, save. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { fetchResourceTree, fetchRoleResources, fetchRoles, RESOURCE_KEYS, saveRoleResources } from './api';
import { checkState, indexTree, sameSet, toAuthTree, toggle } from './authTree';

export const useRoleAuth = (roleId: number | null) => {
  const client = useQueryClient();
  const roles = useQuery({ queryKey: RESOURCE_KEYS.roles, queryFn: fetchRoles });
  const resources = useQuery({ queryKey: RESOURCE_KEYS.tree, queryFn: fetchResourceTree });
  const held = useQuery({
    queryKey: RESOURCE_KEYS.role(roleId ?? 0),
    queryFn: () => fetchRoleResources(roleId!),
    enabled: roleId !== null,
  });
  const tree = useMemo(() => toAuthTree(resources.data ?? []), [resources.data]);
  const index = useMemo(() => indexTree(tree), [tree]);
  const saved = useMemo(() => new Set(held.data?.resourceIds ?? []), [held.data]);
  // A draft belongs to the server state it was made from: a new role or fresh data drops it.
  const [edit, setEdit] = useState<{ base: Set<number>; ids: Set<number> } | null>(null);
  const draft = edit && edit.base === saved ? edit.ids : null;
  const setDraft = useCallback((ids: Set<number> | null) => setEdit(ids ? { base: saved, ids } : null), [saved]);

  const current = draft ?? saved;
  const dirty = draft !== null && !sameSet(draft, saved);
  const state = useMemo(() => checkState(tree, current), [tree, current]);

  const check = useCallback(
    (key: string, checked: boolean) => setDraft(toggle(current, key, checked, index)),
    [current, index, setDraft],
  );
  const save = useMutation({
    mutationFn: () => saveRoleResources(roleId!, [...current]),
    onSuccess: (set) => {
      client.setQueryData(RESOURCE_KEYS.role(set.roleId), set);
      setDraft(null);
    },
  });
  return {
    roles: roles.data ?? [],
    tree,
    checked: state,
    heldCount: current.size,
    loading: resources.isLoading || held.isFetching,
    dirty,
    check,
    discard: () => setDraft(null),
    save: () => save.mutateAsync(),
    saving: save.isPending,
  };
};
