/** The store pages' calls beyond the engine's: pickers, the barcode import and template, the audit, binding history. */
import { useQuery } from '@tanstack/react-query';
import type { Endpoint } from '@zb/contract/api/endpoint';
import { OPEN_KEY_API } from '@zb/contract/api/openKeys';
import {
  BARCODE_API,
  BARCODE_IMPORT_FIELD,
  BARCODE_TEMPLATE_NAME,
  type BarcodeImportResult,
} from '@zb/contract/entities/barcode';
import { MEMBER_RECEIVE_API, type MemberReceiveAuditBody } from '@zb/contract/entities/memberReceive';
import { POS_API } from '@zb/contract/entities/posTerminal';
import type { ProductPick } from '@zb/contract/entities/storesCommon';
import { ERR } from '@zb/contract/errcodes';
import { saveBlob } from '../../platform/exports/saveFile';
import { call } from '../../platform/http';

export const STORES_MORE_KEYS = {
  products: (path: string) => ['storesMore', 'products', path] as const,
  bindings: (id: number) => ['storesMore', 'posBindings', id] as const,
};

/** The products a page's form may pick (each page has its own call, guarded by its own codes). */
export const useProductPicks = (endpoint: Endpoint<undefined, undefined, ProductPick[]>) =>
  useQuery({ queryKey: STORES_MORE_KEYS.products(endpoint.path), queryFn: () => call(endpoint, {}) });

/** Posts the workbook; BARCODE-40001 (rows wrong) is the caller's to show, not an alert. */
export const importBarcodes = (file: File): Promise<BarcodeImportResult> => {
  const body = new FormData();
  body.append(BARCODE_IMPORT_FIELD, file, file.name);
  return call(BARCODE_API.import, { body }, { handled: [ERR.BARCODE_IMPORT_INVALID] });
};

export const downloadBarcodeTemplate = async (): Promise<void> => {
  const blob = (await call(BARCODE_API.template, {}, { excel: true })) as unknown as Blob;
  saveBlob(blob, BARCODE_TEMPLATE_NAME);
};

/** MEMRCV-40901 and STOCK-40901 alert as any refusal does (the user must know); field errors return. */
export const auditMemberReceive = (body: MemberReceiveAuditBody) =>
  call(MEMBER_RECEIVE_API.audit, { body }, { handled: [ERR.PARAM_INVALID] });

export const usePosBindings = (id: number) =>
  useQuery({ queryKey: STORES_MORE_KEYS.bindings(id), queryFn: () => call(POS_API.bindings, { params: { id } }) });

export const listPosKeys = (id: number) => call(OPEN_KEY_API.posKeys, { params: { id } });
export const issuePosKey = (id: number) => call(OPEN_KEY_API.posIssue, { params: { id } });
export const revokePosKey = (id: number, keyId: number) => call(OPEN_KEY_API.posRevoke, { params: { id, keyId } });
export const listMiniKeys = () => call(OPEN_KEY_API.miniKeys, {});
export const issueMiniKey = (name: string) => call(OPEN_KEY_API.miniIssue, { body: { name } });
export const revokeMiniKey = (keyId: number) => call(OPEN_KEY_API.miniRevoke, { params: { keyId } });
