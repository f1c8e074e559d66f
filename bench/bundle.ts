/**
 * Gzip sizes of the built web app, from Vite's manifest: the JS /login needs before it runs (the
 * entry and the login page chunk with everything they import statically) and the largest chunk
 * loaded later: a page's own chunk or a chunk several pages share (the resource engine's list).
 * The report chart (ECharts) is measured on its own: it is a library chunk a report page loads
 * after it has rendered, only when its report draws a chart, never a route's chunk.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const LOGIN_PAGE = 'src/features/auth/LoginPage.tsx';
/** The report page's chart: ECharts, loaded lazily by ReportView (its own budget line). */
export const CHART_CHUNK = 'src/platform/report/ReportChart.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export interface BundleSizes {
  loginInitialGzip: number;
  loginInitialFiles: string[];
  largestChunkGzip: number;
  largestChunk: string;
  /** The report chart's chunk (ECharts), 0 when the build has none. */
  chartGzip: number;
}

export const measureBundle = (dist: string): BundleSizes => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gz = (key: string) => gzipSync(readFileSync(join(dist, manifest[key]!.file)), { level: 9 }).length;
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry || !manifest[LOGIN_PAGE])
    throw new Error('manifest lacks the entry or the login page: build apps/web first');
  const initial = closure(LOGIN_PAGE, closure(entry, new Set()));
  let largestChunk = '';
  let largestChunkGzip = 0;
  for (const [key, chunk] of Object.entries(manifest)) {
    if (initial.has(key) || key === CHART_CHUNK || !chunk.file.endsWith('.js')) continue;
    const size = gz(key);
    if (size > largestChunkGzip) [largestChunk, largestChunkGzip] = [key, size];
  }
  return {
    loginInitialGzip: [...initial].reduce((sum, k) => sum + gz(k), 0),
    loginInitialFiles: [...initial].map((k) => manifest[k]!.file),
    largestChunkGzip,
    largestChunk,
    chartGzip: manifest[CHART_CHUNK] ? gz(CHART_CHUNK) : 0,
  };
};
