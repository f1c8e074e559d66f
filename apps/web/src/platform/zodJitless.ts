/**
 * zod as the browser loads it (vite.config.ts aliases `zod` here): the same library, configured
 * jitless before any contract schema is built. zod otherwise probes `new Function('')` once to
 * decide whether it may compile fast parsers; the server's Content-Security-Policy (no
 * 'unsafe-eval') blocks the probe and Chromium reports it as a violation, though zod carries on.
 * Jitless parsing costs nothing a form would notice; the server keeps zod's compiled parsers.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
