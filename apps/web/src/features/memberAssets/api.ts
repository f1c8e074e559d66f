/** 异常卡的处理 calls (contract api/memberAssets.ts) and their TanStack Query keys. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type cardAdjustBody,
  type cardCancelBody,
  type cardReissueBody,
  type cardStatusBody,
  MEMBER_ASSET_API,
} from '@zb/contract/api/memberAssets';
import type { z } from 'zod';
import { call } from '../../platform/http';

export const CARD_KEYS = {
  all: ['memberAssets'] as const,
  card: (id: number) => ['memberAssets', 'card', id] as const,
};

export const useHandledCard = (id: number | null) =>
  useQuery({
    queryKey: CARD_KEYS.card(id ?? 0),
    queryFn: () => call(MEMBER_ASSET_API.card, { query: { memberCardId: id! } }),
    enabled: id !== null,
  });

export const setCardStatus = (to: 'freeze' | 'unfreeze', body: z.input<typeof cardStatusBody>) =>
  call(to === 'freeze' ? MEMBER_ASSET_API.freeze : MEMBER_ASSET_API.unfreeze, { body: body as never });

export const applyCardAdjust = (body: z.output<typeof cardAdjustBody>) => call(MEMBER_ASSET_API.adjust, { body });

/** 补卡 / 注销: the cards a number or phone finds, and the two applications. */
export const findClosableCards = (keyword: string) => call(MEMBER_ASSET_API.closableCards, { query: { keyword } });
export const applyReissue = (body: z.output<typeof cardReissueBody>) => call(MEMBER_ASSET_API.reissue, { body });
export const applyCancel = (body: z.output<typeof cardCancelBody>) => call(MEMBER_ASSET_API.cancel, { body });

/** Reads the card (and the list around it) again after a handling. */
export const useRefreshCard = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries();
};
