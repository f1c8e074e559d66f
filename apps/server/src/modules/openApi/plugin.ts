/**
 * The open API (contract open/protocol.ts): serves every OpenRoute declaration (registry.ts)
 * under /open/v1 for the stores' POS terminals and the mini-program. Not a console route: no
 * session cookie, no account version, no API log (the services log what they change). Each
 * request is read as raw bytes (the signature is over them), verified (verify.ts), parsed as
 * JSON against the route's schema and answered in the `{ errcode, errmsg, data }` envelope with
 * the OPEN_* errcodes; no input answers a 500.
 */
import { PUBLIC } from '@zb/contract/api/endpoint';
import { ERR, ERRMSG, type Errcode, fail, ok } from '@zb/contract/errcodes';
import { OPEN_BODY_MAX, OPEN_PREFIX } from '@zb/contract/open/protocol';
import { fieldErrors, inputProblem } from '@zb/contract/rules';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendEnvelope } from '../../platform/envelope';
import { BizError } from '../../platform/errors';
import { requestEvent } from '../../platform/events/plugin';
import type { OpenRoute } from './types';
import { verifyRequest } from './verify';

const config = { access: PUBLIC, accountVersion: false } as const;

/** HTTP status of an open-API answer: as the console's business errors, 200 with the errcode (401 stays the console session's); an unknown path 404. */
const statusOf = (errcode: string): number => (errcode === ERR.NOT_FOUND ? 404 : 200);

const REQUEST_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `请求体过大（最多 ${OPEN_BODY_MAX / 1024} KB）`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度与声明不符',
};

const invalid = (msg: string, fields?: Record<string, string>) =>
  new BizError(ERR.OPEN_DOCUMENT_INVALID, msg, fields ? { fields } : undefined);

/** The body as JSON, checked by the route's schema. */
const parseBody = (route: OpenRoute, req: FastifyRequest, raw: Buffer): unknown => {
  if (route.method === 'GET') return check(route, req.query);
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/json')) throw invalid('请求内容类型须为 application/json');
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalid('请求体不是合法的 JSON');
  }
  return check(route, json);
};

const check = (route: OpenRoute, json: unknown): unknown => {
  const problem = inputProblem(json);
  if (problem) throw invalid(`${problem.path} ${problem.message}`, { [problem.path]: problem.message });
  const result = route.body.safeParse(json);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const [path, msg] = Object.entries(fields)[0] ?? ['_', ERRMSG[ERR.OPEN_DOCUMENT_INVALID]];
  throw invalid(path === '_' ? msg : `${path}：${msg}`, fields);
};

const serve = (app: FastifyInstance, route: OpenRoute) => {
  app.route({
    method: route.method,
    url: `${OPEN_PREFIX}${route.path}`,
    config,
    handler: async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const caller = await verifyRequest(app.db, app.cipher, {
        method: req.method,
        path: req.url.split('?')[0]!,
        headers: req.headers,
        body: raw,
      });
      if (route.kinds && !route.kinds.includes(caller.kind)) {
        throw new BizError(ERR.OPEN_KEY_INVALID, '该应用密钥不能调用此接口');
      }
      const body = parseBody(route, req, raw);
      const data = await route.handle(app.db, caller, body, req.params as Record<string, string>);
      return sendEnvelope(req, reply, 200, ok(data));
    },
  });
};

const isFastifyError = (err: unknown): err is FastifyError =>
  typeof err === 'object' && err !== null && 'statusCode' in err && typeof err.statusCode === 'number';

/** Registered by app.ts; its routes live in their own context (own body parser and error answers). */
export const openApiPlugin = async (app: FastifyInstance, opts: { routes: readonly OpenRoute[] }) => {
  // Every body, whatever its declared type, is kept as the bytes sent: the signature is over them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: OPEN_BODY_MAX }, (_req, body, done) =>
    done(null, body),
  );

  app.setErrorHandler(async (err, req, reply: FastifyReply) => {
    if (err instanceof BizError) {
      return sendEnvelope(req, reply, statusOf(err.errcode), fail(err.errcode as Errcode, err.message, err.data));
    }
    const status = isFastifyError(err) ? (err.statusCode ?? 500) : 500;
    if (isFastifyError(err) && status >= 400 && status < 500) {
      const message = REQUEST_ERRORS[err.code] ?? '请求格式错误';
      return sendEnvelope(req, reply, status, fail(ERR.OPEN_DOCUMENT_INVALID, message));
    }
    req.log.error({ err }, 'unexpected open-api error');
    await requestEvent(req, {
      level: 'error',
      kind: 'unhandled_error',
      message: `开放接口未处理的异常：${err instanceof Error ? err.message : String(err)}`,
      userId: null,
      loginName: null,
      detail: { method: req.method, path: req.url.split('?')[0], stack: err instanceof Error ? err.stack : undefined },
    });
    return sendEnvelope(req, reply, 500, fail(ERR.INTERNAL));
  });

  for (const route of opts.routes) serve(app, route);
  // Any other path or method under the prefix: the envelope, not the web app's page.
  app.all(`${OPEN_PREFIX}/*`, { config }, async (req, reply) => sendEnvelope(req, reply, 404, fail(ERR.NOT_FOUND)));
  app.all(OPEN_PREFIX, { config }, async (req, reply) => sendEnvelope(req, reply, 404, fail(ERR.NOT_FOUND)));
};
