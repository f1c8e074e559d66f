/**
 * The open API's keys in the console (open/protocol.ts): a POS terminal's keys on /posList (seen
 * with the page, issued and revoked with its 编辑 button) and the mini-program's keys
 * (administrators only). Issuing answers the secret once; no call answers it again.
 */
import { z } from 'zod';
import { ADMIN, endpoint } from './endpoint';
import { idParamOf } from './ids';
import { buttonAccess, pageAccess } from './pageAccess';

/** A key as the console lists it (never its secret). */
export interface OpenKeyRow {
  id: number;
  kind: 'pos' | 'mini';
  name: string;
  appKey: string;
  posTerminalId: number | null;
  status: 'active' | 'revoked';
  issuedBy: string | null;
  issuedAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** What issuing answers: the secret, this once. */
export interface IssuedOpenKey {
  id: number;
  appKey: string;
  secret: string;
}

const terminalParams = z.object({ id: idParamOf('终端') });
const keyParams = z.object({ id: idParamOf('终端'), keyId: idParamOf('密钥') });
const miniKeyParams = z.object({ keyId: idParamOf('密钥') });

export const miniKeyBody = z.object({
  name: z.string({ error: '请填写应用名称' }).trim().min(1, '请填写应用名称').max(40, '应用名称最多 40 个字'),
});

export const OPEN_KEY_API = {
  posKeys: endpoint<undefined, undefined, OpenKeyRow[]>({
    method: 'GET',
    path: '/rest/pos/keys/:id',
    access: pageAccess('/posList'),
    params: terminalParams,
    summary: 'POS终端的开放接口密钥',
    read: true,
  }),
  posIssue: endpoint<undefined, undefined, IssuedOpenKey>({
    method: 'POST',
    path: '/rest/pos/keys/:id',
    access: buttonAccess('/posList', 'edit'),
    params: terminalParams,
    summary: '为POS终端生成密钥（旧密钥同时吊销）',
  }),
  posRevoke: endpoint<undefined, undefined, null>({
    method: 'POST',
    path: '/rest/pos/keys/:id/revoke/:keyId',
    access: buttonAccess('/posList', 'edit'),
    params: keyParams,
    summary: '吊销POS终端的密钥',
  }),
  miniKeys: endpoint<undefined, undefined, OpenKeyRow[]>({
    method: 'GET',
    path: '/rest/openKeys/mini',
    access: ADMIN,
    summary: '小程序的开放接口密钥',
    read: true,
  }),
  miniIssue: endpoint<undefined, z.infer<typeof miniKeyBody>, IssuedOpenKey>({
    method: 'POST',
    path: '/rest/openKeys/mini',
    access: ADMIN,
    body: miniKeyBody,
    summary: '为小程序生成密钥',
  }),
  miniRevoke: endpoint<undefined, undefined, null>({
    method: 'POST',
    path: '/rest/openKeys/mini/revoke/:keyId',
    access: ADMIN,
    params: miniKeyParams,
    summary: '吊销小程序的密钥',
  }),
};
