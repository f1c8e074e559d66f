/**
 * The open API's keys (contract open/protocol.ts): an administrator issues a key and a secret for
 * a POS terminal (/posList) or a mini-program app, sees the secret once, lists and revokes keys.
 * The secret is kept sealed with the server's cipher (platform/crypto.ts): verifying an HMAC
 * needs it back. A terminal holds one active key at a time: issuing another revokes the old one.
 */
import { randomBytes } from 'node:crypto';
import type { IssuedOpenKey, OpenKeyRow } from '@zb/contract/api/openKeys';
import { ERR } from '@zb/contract/errcodes';
import type { OpenClientKind } from '@zb/contract/open/protocol';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { recordOperations } from '../../platform/audit';
import type { Cipher } from '../../platform/crypto';
import { BizError } from '../../platform/errors';
import { userAccount } from '../accounts/schema';
import { posTerminal } from '../storesMore/schema';
import { openClient } from './schema';

/** A new key: its kind and random letters; a secret of 32 random bytes. */
export const newKeyPair = (kind: OpenClientKind) => ({
  appKey: `${kind}_${randomBytes(10).toString('hex')}`,
  secret: randomBytes(32).toString('base64url'),
});

/** Writes a key with a given secret sealed (the seed's fixed demo keys, the simulator's own). */
export const insertKey = async (
  tx: Db | Tx,
  cipher: Cipher,
  v: {
    kind: OpenClientKind;
    name: string;
    appKey: string;
    secret: string;
    posTerminalId: number | null;
    userId: number | null;
  },
): Promise<number> => {
  const [row] = await tx
    .insert(openClient)
    .values({
      kind: v.kind,
      name: v.name,
      appKey: v.appKey,
      secretSealed: cipher.encrypt(v.secret),
      posTerminalId: v.posTerminalId,
      issuedBy: v.userId,
    })
    .returning({ id: openClient.id });
  return row!.id;
};

/** Issues a key: for a POS terminal (revoking its earlier key) or a mini-program app (by name). */
export const issueKey = async (
  db: Db,
  cipher: Cipher,
  input: { kind: OpenClientKind; posTerminalId?: number | null; name?: string | null },
  userId: number,
): Promise<IssuedOpenKey> =>
  db.transaction(async (tx) => {
    let name: string;
    let terminalId: number | null = null;
    if (input.kind === 'pos') {
      if (!input.posTerminalId) throw new BizError(ERR.PARAM_INVALID, '请选择 POS 终端');
      const [t] = await tx
        .select({ id: posTerminal.id, sn: posTerminal.sn })
        .from(posTerminal)
        .where(and(eq(posTerminal.id, input.posTerminalId), isNull(posTerminal.deletedAt)))
        .for('update');
      if (!t) throw new BizError(ERR.RECORD_NOT_FOUND, 'POS 终端不存在或已删除');
      terminalId = t.id;
      name = `POS ${t.sn}`;
      await revokeWhere(tx, and(eq(openClient.posTerminalId, t.id), eq(openClient.status, 'active'))!, userId);
    } else {
      name = (input.name ?? '').trim();
      if (!name || name.length > 40) throw new BizError(ERR.PARAM_INVALID, '请填写小程序应用名称（最多 40 字）');
    }
    const pair = newKeyPair(input.kind);
    const id = await insertKey(tx, cipher, { kind: input.kind, name, ...pair, posTerminalId: terminalId, userId });
    await recordOperations(tx, [
      {
        userId,
        action: 'openClient.issue',
        target: `open_client:${id}`,
        after: { kind: input.kind, name, appKey: pair.appKey },
      },
    ]);
    return { id, ...pair };
  });

const revokeWhere = async (tx: Tx, where: ReturnType<typeof eq>, userId: number) => {
  const rows = await tx
    .update(openClient)
    .set({ status: 'revoked', revokedAt: new Date() })
    .where(where)
    .returning({ id: openClient.id, appKey: openClient.appKey, name: openClient.name });
  if (rows.length) {
    await recordOperations(
      tx,
      rows.map((r) => ({
        userId,
        action: 'openClient.revoke',
        target: `open_client:${r.id}`,
        after: { name: r.name, appKey: r.appKey },
      })),
    );
  }
  return rows.length;
};

/** Revokes a key: it answers nothing from now on. */
export const revokeKey = async (
  db: Db,
  id: number,
  userId: number,
  of: { kind: OpenClientKind; posTerminalId?: number },
): Promise<void> =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select({ kind: openClient.kind, status: openClient.status, posTerminalId: openClient.posTerminalId })
      .from(openClient)
      .where(eq(openClient.id, id));
    if (!row || row.kind !== of.kind || (of.posTerminalId !== undefined && row.posTerminalId !== of.posTerminalId)) {
      throw new BizError(ERR.RECORD_NOT_FOUND, '密钥不存在');
    }
    if (row.status !== 'active') throw new BizError(ERR.PARAM_INVALID, '该密钥已吊销');
    await revokeWhere(tx, eq(openClient.id, id), userId);
  });

/** The keys of one kind (of one terminal when given), newest first; never their secrets. */
export const listKeys = async (
  db: Db,
  filter: { kind: OpenClientKind; posTerminalId?: number | null },
): Promise<OpenKeyRow[]> => {
  const rows = await db
    .select({
      id: openClient.id,
      kind: openClient.kind,
      name: openClient.name,
      appKey: openClient.appKey,
      posTerminalId: openClient.posTerminalId,
      status: openClient.status,
      issuedBy: userAccount.nickname,
      issuedAt: openClient.issuedAt,
      revokedAt: openClient.revokedAt,
      lastUsedAt: openClient.lastUsedAt,
    })
    .from(openClient)
    .leftJoin(userAccount, eq(userAccount.id, openClient.issuedBy))
    .where(
      and(
        eq(openClient.kind, filter.kind),
        filter.posTerminalId ? eq(openClient.posTerminalId, filter.posTerminalId) : undefined,
      ),
    )
    .orderBy(desc(openClient.id))
    .limit(200);
  return rows.map((r) => ({
    ...r,
    kind: r.kind as OpenKeyRow['kind'],
    status: r.status as OpenKeyRow['status'],
    issuedAt: r.issuedAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
};
