/**
 * Every answer is `{ errcode, errmsg, data }`. Business errors answer HTTP 200 with their errcode,
 * session errors 401, refusals 403, unknown paths 404; malformed requests get a clear envelope
 * and unexpected errors a generic one (the stack stays in the server log).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type Envelope, ERR, fail } from '@zb/contract/errcodes';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { BizError, httpStatusOf } from './errors';
import { requestEvent } from './events/plugin';
import { SECURITY_HEADERS } from './securityHeaders';

// Messages of zod's own checks (types, numbers…) in Chinese; the contract's rules carry their own.
z.config(z.locales.zhCN());

export const sendEnvelope = (req: FastifyRequest, reply: FastifyReply, status: number, body: Envelope<unknown>) => {
  req.errcode = body.errcode;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
};

/** Chinese messages for requests Fastify cannot even parse. */
const REQUEST_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是合法的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体为空，但声明为 JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型，请使用 application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度与声明不符',
};

const isFastifyError = (err: unknown): err is FastifyError =>
  typeof err === 'object' && err !== null && 'statusCode' in err && typeof err.statusCode === 'number';

/**
 * Errors of Fastify's router, before any hook runs: a path that is not valid percent-encoding
 * (`/rest/x/%ED%A0%80`). Passed to Fastify's constructor (frameworkErrors).
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (_err, req, reply) =>
  sendEnvelope(req, reply, 400, fail(ERR.PARAM_INVALID, '请求路径不是合法的 URL 编码'));

/** What Node's HTTP parser refuses before Fastify sees a request, by the parser's error code. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, '请求头或查询字符串过长（合计不能超过 16 KB）'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, '请求超时'],
};

/**
 * A request Node's HTTP parser cannot read (headers or query string over 16 KB, a malformed
 * request line) is answered on the socket with the envelope too, instead of Fastify's own JSON.
 * Passed to Fastify's constructor (clientErrorHandler).
 */
export const clientErrorHandler = (err: Error & { code?: string }, socket: Socket): void => {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, '请求格式错误'];
  const body = JSON.stringify(fail(ERR.PARAM_INVALID, message));
  // Written on the socket, past every hook: the security headers go on it by hand.
  const headers = Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n${headers}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

export const API_PREFIXES = ['/rest/', '/api/', '/jeecg-boot/', '/lbhd/'] as const;

export const isApiPath = (url: string): boolean => API_PREFIXES.some((p) => url.startsWith(p));

export const notFound = (req: FastifyRequest, reply: FastifyReply) =>
  sendEnvelope(req, reply, 404, fail(ERR.NOT_FOUND));

export const envelopePlugin = fp(
  async (app) => {
    app.decorateRequest('errcode', null);

    app.setErrorHandler(async (err, req, reply) => {
      if (err instanceof BizError) {
        return sendEnvelope(req, reply, httpStatusOf(err.errcode), fail(err.errcode, err.message, err.data));
      }
      if (isFastifyError(err) && err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
        const message =
          REQUEST_ERRORS[err.code] ??
          (err instanceof SyntaxError ? REQUEST_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : '请求格式错误');
        return sendEnvelope(req, reply, err.statusCode, fail(ERR.PARAM_INVALID, message));
      }
      req.log.error({ err }, 'unexpected error');
      // The caller hears only SYS-50001; the message and stack go to the system event log.
      await requestEvent(req, {
        level: 'error',
        kind: 'unhandled_error',
        message: `未处理的异常：${err instanceof Error ? err.message : String(err)}`,
        userId: req.auth?.user.id ?? req.actorId ?? null,
        loginName: req.auth?.user.loginName ?? null,
        detail: {
          method: req.method,
          path: req.url.split('?')[0],
          stack: err instanceof Error ? err.stack : undefined,
        },
      });
      return sendEnvelope(req, reply, 500, fail(ERR.INTERNAL));
    });

    app.setNotFoundHandler((req, reply) => notFound(req, reply));

    // A request that arrives while this instance shuts down (on a connection kept alive, or
    // already read) answers the envelope with 503, and the connection closes: Fastify's own 503
    // is turned off (return503OnClosing in app.ts) so this is the only answer.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (req, reply) => {
      if (!closing) return;
      reply.header('connection', 'close');
      return sendEnvelope(req, reply, 503, fail(ERR.SHUTTING_DOWN));
    });
  },
  { name: 'envelope' },
);
