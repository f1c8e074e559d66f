/**
 * This server's own address once it listens, for the built-in simulators a module asks over HTTP
 * as it would ask the real provider (DESIGN.md "real parts"); null before it listens or on a
 * port not yet bound. A wildcard bind is reached at the loopback address.
 */
import type { FastifyInstance } from 'fastify';

export const listeningBase = (app: FastifyInstance, prefix = ''): string | null => {
  const address = app.server.address();
  if (!address || typeof address === 'string' || address.port === 0) return null;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}${prefix}`;
};
