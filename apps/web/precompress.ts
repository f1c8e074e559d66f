/**
 * Build step: writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build
 * (JS, CSS, HTML, SVG, JSON) worth compressing, so the server sends them precompressed
 * (@fastify/static `preCompressed`) without compressing on each request. Node's zlib only.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;
/** Below this a file fits in one packet either way; the server sends it as it is. */
const MIN_BYTES = 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

export const precompress = (): Plugin => ({
  name: 'zb-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    const files = Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.vite/'));
    await Promise.all(
      files.map(async (file) => {
        const path = join(dir, file);
        const raw = await readFile(path);
        if (raw.length < MIN_BYTES) return;
        const [b, g] = await Promise.all([
          br(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gz(raw, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${path}.br`, b), writeFile(`${path}.gz`, g)]);
      }),
    );
  },
});
