/**
 * Serves the built web app: a file when the path names one, else index.html so the SPA routes
 * (and shows /404 itself). API paths that match no route answer the NOT_FOUND envelope.
 * Files go out precompressed: the build writes .br and .gz beside each text file, and the answer
 * is brotli, else gzip, else the file as it is, by the request's Accept-Encoding (with
 * `Vary: Accept-Encoding`). Hashed files under /assets are cached for a year as immutable;
 * index.html is revalidated on every visit, so a new build is picked up at once.
 *
 * A browser with a session that opens a shell page gets index.html with <link rel="modulepreload">
 * for the shell's and that page's code (the build's .vite/preload.json), so it fetches them beside
 * the entry rather than after the entry has run; any other visitor gets index.html as built.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PUBLIC } from '@zb/contract/api/endpoint';
import { SESSION_COOKIE } from '@zb/contract/constants';
import { ROUTES } from '@zb/contract/routes';
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

interface PreloadMap {
  shell: string[];
  pages: Record<string, string[]>;
  /** The report page's files, for every route without a page of its own (older builds lack it). */
  report?: string[];
}

/** Shell path → index.html with that page's modulepreload links; empty without the build's map. */
const preloadedPages = (root: string): Map<string, string> => {
  const pages = new Map<string, string>();
  const mapFile = join(root, '.vite', 'preload.json');
  if (!existsSync(mapFile)) return pages;
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as PreloadMap;
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const withLinks = (files: readonly string[]) =>
    html.replace(
      '</head>',
      `${[...map.shell, ...files].map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('')}</head>`,
    );
  for (const [path, files] of Object.entries(map.pages)) pages.set(path, withLinks(files));
  // A route with no page of its own renders the report page (its REPORTS declaration, or 本页尚未建成).
  if (map.report) {
    const report = withLinks(map.report);
    for (const r of ROUTES) if (!pages.has(r.path)) pages.set(r.path, report);
  }
  return pages;
};

export const webPlugin = fp(
  async (app) => {
    const root = app.config.webDist;
    const hasWeb = existsSync(join(root, 'index.html'));
    if (hasWeb) await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
    const preloaded = hasWeb ? preloadedPages(root) : new Map<string, string>();

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
      reply.header('cache-control', 'no-cache');
      if (file !== 'index.html' || preloaded.size === 0) return reply.sendFile(file, { cacheControl: false });
      // The page answers differently with and without a session: caches must tell them apart.
      reply.header('vary', 'cookie');
      const withPreload = req.cookies[SESSION_COOKIE] ? preloaded.get(path) : undefined;
      if (withPreload) return reply.type('text/html; charset=utf-8').send(withPreload);
      return reply.sendFile(file, { cacheControl: false });
    });
  },
  { name: 'web', dependencies: ['envelope'] },
);
