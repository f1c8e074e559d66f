/**
 * What an open-API call (contract open/protocol.ts) is handed once its signature holds: the
 * caller, and the route declarations each module exports for the open API's plugin to serve.
 * A module (bills, refunds, mall orders, deposits) declares its calls as OpenRoute values; the
 * plugin (modules/openApi) verifies the signature, parses the body with the route's schema and
 * answers in the envelope, so no module sees an unsigned request.
 */
import { ERR } from '@zb/contract/errcodes';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { BizError } from '../../platform/errors';

export interface OpenCaller {
  /** open_client.id */
  clientId: number;
  kind: 'pos' | 'mini';
  name: string;
  /** A POS terminal's bound store (null when unbound: such a terminal may send nothing); null for the mini-program. */
  storeId: number | null;
}

export interface OpenRoute<B extends z.ZodType = z.ZodType, A = unknown> {
  method: 'POST' | 'GET';
  /** Relative to OPEN_PREFIX, e.g. OPEN_PATHS.bills; may hold :params. */
  path: string;
  body: B;
  /** Which callers may use it (default both). */
  kinds?: readonly ('pos' | 'mini')[];
  handle(db: Db, caller: OpenCaller, body: z.output<B>, params: Record<string, string>): Promise<A>;
}

/** Declares an open-API route with its body's type inferred. */
export const openRoute = <B extends z.ZodType, A>(route: OpenRoute<B, A>): OpenRoute<B, A> => route;

/** Refuses a document for a store the caller may not send for: a POS terminal only for its bound store. */
export const assertStoreAllowed = (caller: Pick<OpenCaller, 'kind' | 'storeId'>, storeId: number): void => {
  if (caller.kind === 'pos' && caller.storeId !== storeId) throw new BizError(ERR.OPEN_STORE_NOT_BOUND);
};
