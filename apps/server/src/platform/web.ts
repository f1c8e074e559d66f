/**
 * Serves the built web app: a file when the path names one, else index.html so the SPA routes
 * (and shows /404 itself). API paths that match no route answer the NOT_FOUND envelope.
 * Files go out precompressed: the build writes .br and .gz beside each text file, and the answer
 * is brotli, else gzip, else the file as it is, by the request's Accept-Encoding (with
 * `Vary: Accept-Encoding`). Hashed files under /assets are cached for a year as immutable;
 * index.html is revalidated on every visit, so a new build is picked up at once.
 */
import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PUBLIC } from '@zb/contract/api/endpoint';
import fp from 'fastify-plugin';
import { pathOnly } from './audit';
import { isApiPath, notFound } from './envelope';

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

export const webPlugin = fp(
  async (app) => {
    const root = app.config.webDist;
    const hasWeb = existsSync(join(root, 'index.html'));
    if (hasWeb) await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

    app.get('/*', { config: { access: PUBLIC, accountVersion: false } }, async (req, reply) => {
      const path = pathOnly(req.url);
      if (isApiPath(path) || !hasWeb) return notFound(req, reply);
      let rel: string;
      try {
        rel = normalize(decodeURIComponent(path)).replace(/^([/\\])+/, '');
      } catch {
        rel = '';
      }
      const inside = !rel.split(sep).includes('..');
      const file = rel && inside && isFile(join(root, rel)) ? rel : 'index.html';
      if (file.startsWith(`assets${sep}`)) return reply.sendFile(file, { maxAge: '365d', immutable: true });
      return reply.header('cache-control', 'no-cache').sendFile(file, { cacheControl: false });
    });
  },
  { name: 'web', dependencies: ['envelope'] },
);
