/** Exactly one log line per request, written when the answer is sent. Never passwords, cookies or headers. */
import fp from 'fastify-plugin';

const SECRET_PARAM = /pass|pwd|token|secret/i;

/** The URL with the values of password-like query parameters masked. */
export const redactUrl = (url: string): string => {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAM.test(decodeURIComponentSafe(key)) ? `${key}=***` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
};

const decodeURIComponentSafe = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export const requestLogPlugin = fp(
  async (app) => {
    app.addHook('onResponse', async (req, reply) => {
      req.log.info(
        {
          method: req.method,
          url: redactUrl(req.url),
          status: reply.statusCode,
          errcode: req.errcode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          userId: req.actorId,
        },
        'request',
      );
    });
  },
  { name: 'request-log', dependencies: ['guard', 'envelope'] },
);
