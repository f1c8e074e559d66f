/** The /downloadhistory list: the page in the URL, refreshed every 2 s while a job is queued or running. */

import { useQueryClient } from '@tanstack/react-query';
import { EXPORT_POLL_MS, isExportActive } from '@zb/contract/api/downloads';
import { useEffect } from 'react';
import { type Paging, parsePaging, searchOf, writePaging } from '../../platform/list/paging';
import { useUrlList } from '../../platform/list/useUrlList';
import { DOWNLOAD_KEYS, listExports } from './api';

const SPEC = {
  parse: parsePaging,
  serialize: (p: Paging) => {
    const s = new URLSearchParams();
    writePaging(s, p);
    return searchOf(s);
  },
  queryKey: DOWNLOAD_KEYS.list,
  fetch: listExports,
};

export const useDownloadHistory = () => {
  const list = useUrlList(SPEC);
  const client = useQueryClient();
  const active = list.rows.some((r) => isExportActive(r.status));
  const key = DOWNLOAD_KEYS.list(list.params);
  const keyText = JSON.stringify(key);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: JSON.parse(keyText) }), EXPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [active, client, keyText]);
  return { ...list, active };
};
