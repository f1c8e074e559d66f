/**
 * Vitest global set-up of the api-pglite project: the seeded PGlite template of this checkout,
 * built once before the workers start (pgliteTemplate.ts), so no worker seeds in a test hook.
 */
import { ensurePgliteTemplate } from './pgliteTemplate';

export default async function setup() {
  await ensurePgliteTemplate();
}
