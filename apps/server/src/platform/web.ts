/**
 * Serves the built web app: a file when the path names one, else index.html so the SPA routes
 * (and shows /404 itself). API paths that match no route answer the NOT_FOUND envelope.
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
    if (hasWeb) await app.register(fastifyStatic, { root, serve: false });

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
      if (rel && inside && isFile(join(root, rel))) {
        const hashed = rel.startsWith(`assets${sep}`);
        return reply.sendFile(rel, hashed ? { maxAge: '365d', immutable: true } : { maxAge: 0 });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    });
  },
  { name: 'web', dependencies: ['envelope'] },
);
