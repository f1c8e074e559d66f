/** Gzip sizes of the built web app: the JS /login loads first, and the largest lazy route chunk. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSizes {
  initialJsGzip: number;
  initialFiles: string[];
  largestChunkGzip: number;
  largestChunk: string;
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export const measureBundle = (dist: string): BundleSizes => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  // What the browser fetches before anything renders: the entry module and its modulepreloads.
  const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const initialSet = new Set(initial);
  const initialJsGzip = initial.reduce((sum, f) => sum + gz(join(dist, f)), 0);
  let largestChunk = '';
  let largestChunkGzip = 0;
  for (const name of readdirSync(join(dist, 'assets'))) {
    const rel = `assets/${name}`;
    if (!name.endsWith('.js') || initialSet.has(rel)) continue;
    const size = gz(join(dist, rel));
    if (size > largestChunkGzip) {
      largestChunkGzip = size;
      largestChunk = rel;
    }
  }
  return { initialJsGzip, initialFiles: initial, largestChunkGzip, largestChunk };
};
