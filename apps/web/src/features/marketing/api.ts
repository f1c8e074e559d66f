/** The marketing-activity calls of the pages: an activity's view, its cards, the form, the steps, 作废, the QR pack. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ActivityStep,
  MARKETING_ACTIVITY,
  REAL_CARD_API,
  type RealCardActivityForm,
  type RealCardStatus,
} from '@zb/contract/entities/marketingActivity';
import { ERR } from '@zb/contract/errcodes';
import { useCallback } from 'react';
import { saveBlob } from '../../platform/exports/saveFile';
import { call } from '../../platform/http';
import { resourceKey } from '../../platform/queryClient';

export const ACTIVITY_KEYS = {
  all: ['marketing'] as const,
  view: (id: number) => ['marketing', 'view', id] as const,
  cards: (q: object) => ['marketing', 'cards', q] as const,
  cardOptions: ['marketing', 'cardOptions'] as const,
};

export const useActivityView = (id: number | null) =>
  useQuery({
    queryKey: ACTIVITY_KEYS.view(id ?? 0),
    queryFn: () => call(REAL_CARD_API.view, { params: { id: id! } }),
    enabled: id !== null,
  });

export interface CardsQuery {
  activityId: number;
  status?: RealCardStatus | undefined;
  number?: string | undefined;
  pageNo: number;
  pageSize: number;
}

export const useRealCards = (q: CardsQuery) =>
  useQuery({ queryKey: ACTIVITY_KEYS.cards(q), queryFn: () => call(REAL_CARD_API.cards, { query: q }) });

export const useActivityCardOptions = () =>
  useQuery({ queryKey: ACTIVITY_KEYS.cardOptions, queryFn: () => call(REAL_CARD_API.cardOptions, {}) });

/** After a write: the activity, its cards and the list read again. */
export const useRefreshActivities = () => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ACTIVITY_KEYS.all }),
        queryClient.invalidateQueries({ queryKey: resourceKey(MARKETING_ACTIVITY) }),
      ]),
    [queryClient],
  );
};

export const saveActivity = (body: RealCardActivityForm) =>
  call(REAL_CARD_API.save, { body }, { handled: [ERR.PARAM_INVALID] });

export const runActivityStep = (step: Exclude<ActivityStep, 'reject'>, id: number) =>
  call(REAL_CARD_API[step], { body: { id } });

export const rejectActivity = (id: number, reason: string) => call(REAL_CARD_API.reject, { body: { id, reason } });

export const voidCards = (activityId: number, cardIds: number[] | 'all') =>
  call(REAL_CARD_API.voidCards, {
    body: cardIds === 'all' ? { activityId, all: true } : { activityId, cardIds },
  });

/** The zip of QR codes and the card list, saved under the name the server gives. */
export const downloadQrPack = async (id: number, name: string): Promise<void> => {
  const blob = (await call(REAL_CARD_API.qrcodePack, { query: { id } }, { excel: true })) as unknown as Blob;
  saveBlob(blob, name);
};
