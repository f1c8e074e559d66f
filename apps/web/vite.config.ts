/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { shellPreload } from './shellPreload.ts';

/** The API server of apps/server; the dev server forwards every API prefix of SPEC §7 to it. */
const API_TARGET = process.env.ZB_API_TARGET ?? 'http://127.0.0.1:8080';
const API_PREFIXES = ['/rest', '/api', '/jeecg-boot', '/lbhd'];

export default defineConfig({
  plugins: [react(), shellPreload(), precompress()],
  resolve: {
    // zod without its eval probe, which the server's CSP reports (see src/platform/zodJitless.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/platform/zodJitless.ts', import.meta.url)) }],
  },
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    // The manifest lets the bench follow the entry and the /login chunk to measure initial JS.
    manifest: true,
  },
  test: {
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
