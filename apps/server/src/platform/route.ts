/**
 * Routes are registered from the contract's endpoint records: exact method and path, the zod
 * schemas of the input, and the access declaration the guard enforces. Every route in the app —
 * static files included — must declare its access: the registry refuses to start otherwise.
 */

import type { Readable } from 'node:stream';
import type { Endpoint } from '@zb/contract/api/endpoint';
import { ERR, ok } from '@zb/contract/errcodes';
import { fieldErrors, inputProblem } from '@zb/contract/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { Auth, RecordedRoute } from './context';
import { BizError } from './errors';
import { confirmCaller } from './guard';

export interface Input<Q, B> {
  query: Q;
  body: B;
  /** Validated by the endpoint's params schema. */
  params: unknown;
}

export interface RequestContext {
  req: FastifyRequest;
  reply: FastifyReply;
  db: Db;
  /** The caller, or null on a public call. */
  auth: Auth | null;
  /** The caller; only for routes whose access needs a session. */
  signedIn(): Auth;
}

/** A success answer whose errmsg carries a value (getStoreAuthority: errmsg is the spNo, SPEC §3). */
export class WithMessage<R> {
  constructor(
    readonly data: R,
    readonly errmsg: string,
  ) {}
}

/**
 * A reply that is not an envelope: a file streamed with its own headers (an export's .xlsx, an
 * uploaded image). Errors must be thrown before it is returned; they still answer an envelope.
 */
export class Streamed {
  constructor(
    readonly body: Readable | Buffer,
    readonly headers: Readonly<Record<string, string>>,
  ) {}
}

type Answer<R> = R | WithMessage<R> | Streamed;

export type Handler<Q, B, R> = (input: Input<Q, B>, ctx: RequestContext) => Promise<Answer<R>> | Answer<R>;

/**
 * Every part of the input is read through here. Before its schema, whatever no field of any schema
 * may hold (NUL, broken Unicode, runaway nesting) is refused with its field named, so a field
 * added tomorrow is covered without its schema saying so.
 */
const parse = <T>(schema: z.ZodType<T> | undefined, value: unknown): T => {
  const problem = inputProblem(value);
  if (problem) {
    throw new BizError(ERR.PARAM_INVALID, `${problem.path} ${problem.message}`, {
      fields: { [problem.path]: problem.message },
    });
  }
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0]?.message ?? '参数错误';
  throw new BizError(ERR.PARAM_INVALID, first, { fields: fieldErrors(result.error) });
};

export const route = <Q, B, R>(app: FastifyInstance, endpoint: Endpoint<Q, B, R>, handler: Handler<Q, B, R>): void => {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, accountVersion: endpoint.accountVersion, endpoint },
    handler: async (req, reply) => {
      const answer = () => {
        const input: Input<Q, B> = {
          params: parse(endpoint.params, req.params),
          query: parse(endpoint.query, req.query),
          body: parse(endpoint.body, req.body),
        };
        const ctx: RequestContext = {
          req,
          reply,
          db: app.db,
          auth: req.auth,
          signedIn: () => {
            if (!req.auth) throw new BizError(ERR.NO_SESSION);
            return req.auth;
          },
        };
        return handler(input, ctx);
      };
      // A read call may have run ahead of its session check (platform/guard.ts): nothing it
      // made, answer or error, goes out before the check holds; if the caller changed, the
      // answer is made again for the caller as looked up now (a refusal is thrown instead).
      let data: Answer<R>;
      try {
        data = await answer();
      } catch (err) {
        if (await confirmCaller(req)) throw err;
        data = await answer();
      }
      if (!(await confirmCaller(req))) data = await answer();
      req.errcode = ERR.OK;
      if (data instanceof Streamed) return reply.headers(data.headers).send(data.body);
      return data instanceof WithMessage ? ok(data.data, data.errmsg) : ok(data);
    },
  });
};

/** Records every route with its access declaration; a route without one stops the start-up. */
export const routeRegistryPlugin = fp(
  async (app) => {
    const list: RecordedRoute[] = [];
    app.decorate('routeList', list);
    app.addHook('onRoute', (opts) => {
      const access = opts.config?.access;
      const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
      if (!access) throw new Error(`Route ${methods.join(',')} ${opts.url} declares no access (config.access)`);
      for (const method of methods) {
        list.push({
          method,
          url: opts.url,
          access,
          accountVersion: opts.config?.accountVersion ?? access.kind !== 'public',
          endpoint: opts.config?.endpoint,
        });
      }
    });
  },
  { name: 'route-registry' },
);
