/** The channel pages' calls beyond the engine's: /qrEstablish's choices and save, /qrCodeDetail's view. */
import { useQuery } from '@tanstack/react-query';
import { CHANNEL, QR_API, QR_CODE, type QrEstablishBody } from '@zb/contract/entities/channel';
import { ERR } from '@zb/contract/errcodes';
import { call } from '../../platform/http';
import { callKey } from '../../platform/queryClient';

export const useQrView = (id: number | null, days: number) =>
  useQuery({
    queryKey: callKey(QR_CODE, QR_API.view, id, days),
    queryFn: () => call(QR_API.view, { params: { id: id! }, query: { days } }),
    enabled: id !== null,
  });

/** Enabled channels (kept under the channel entity: adding or 停用 one refreshes it). */
export const useChannelPicks = () =>
  useQuery({ queryKey: callKey(CHANNEL, QR_API.channels), queryFn: () => call(QR_API.channels, {}) });

export const useQrStores = () =>
  useQuery({ queryKey: callKey(QR_CODE, QR_API.stores), queryFn: () => call(QR_API.stores, {}) });

export const useQrStaff = (storeId: number | undefined) =>
  useQuery({
    queryKey: callKey(QR_CODE, QR_API.staff, storeId),
    queryFn: () => call(QR_API.staff, { query: { storeId } }),
    enabled: storeId !== undefined,
  });

export const establishQrCodes = (body: QrEstablishBody) =>
  call(QR_API.establish, { body }, { handled: [ERR.PARAM_INVALID] });
