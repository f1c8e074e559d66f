/**
 * A migrated, seeded PGlite database for each test worker, fast: creating a PGlite cluster takes
 * seconds, loading a dump of one under a second. The first worker builds the dump and leaves it
 * in the checkout's .tmp folder, keyed by everything that shapes it (migrations, route table,
 * seed), so a change to any of them builds a new one. Per checkout, not the machine's temp
 * folder: checkouts of other branches sharing one folder removed each other's dumps, and each of
 * their runs rebuilt its own (10–40 s).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { RESOURCES } from '@zb/contract/routes';
import { formatDate } from '@zb/contract/time';
import { type DbHandle, MIGRATIONS_FOLDER, pgliteHandle } from '../db/client';
import { prepareDatabase } from '../seed/prepare';

const SRC_DIR = fileURLToPath(new URL('..', import.meta.url));
const CACHE_DIR = join(SRC_DIR, '../../../.tmp/pglite-template');
/**
 * Every source file the seed may run: the seed's own and the modules' (it writes members, cards
 * and claims through their services, and a resource's rules through its binding). A new file
 * counts without being listed; test files do not count.
 */
const seedSources = (): string[] =>
  ['seed', 'modules'].flatMap((dir) =>
    readdirSync(join(SRC_DIR, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
      .sort()
      .map((f) => join(SRC_DIR, dir, f)),
  );

const templateKey = (): string => {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(MIGRATIONS_FOLDER, f);
    if (f.endsWith('.sql') || f.endsWith('.json')) h.update(f).update(readFileSync(path));
  }
  for (const f of seedSources()) h.update(readFileSync(f));
  h.update(JSON.stringify(RESOURCES));
  // The demo data is dated from the day it is written (bills of the last days, coupons valid
  // from today): a dump of yesterday's world is another world.
  h.update(formatDate(new Date()));
  return h.digest('hex').slice(0, 16);
};

const fromDump = async (file: string): Promise<DbHandle | null> => {
  try {
    const handle = await pgliteHandle(new PGlite({ loadDataDir: new Blob([readFileSync(file)]) }));
    await prepareDatabase(handle);
    return handle;
  } catch {
    return null;
  }
};

/** Best effort: a failed write only means the next file builds its own. */
const saveTemplate = async (file: string, dump: Blob): Promise<void> => {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const name = basename(file);
    // Older templates go; files of this key (another worker's partial write) stay.
    for (const old of readdirSync(CACHE_DIR)) if (!old.startsWith(name)) rmSync(join(CACHE_DIR, old), { force: true });
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    // The cache is only a speed-up.
  }
};

/**
 * The template of this checkout, built now if it is missing (the api-pglite project's global
 * set-up calls it once, so the workers load it instead of each seeding its own at once: on a clean
 * checkout of a two-core machine that took longer than a test hook may).
 */
export const ensurePgliteTemplate = async (): Promise<void> => {
  const handle = await openSeededPglite();
  await handle.close();
};

/**
 * The dump file of this checkout's template, built first when it is missing: what the e2e servers
 * start from (unpacked into their data folder) instead of each seeding the demo world again.
 */
export const pgliteTemplateFile = async (): Promise<string> => {
  const file = join(CACHE_DIR, `${templateKey()}.tar`);
  if (!existsSync(file)) await ensurePgliteTemplate();
  return file;
};

export const openSeededPglite = async (): Promise<DbHandle> => {
  const file = join(CACHE_DIR, `${templateKey()}.tar`);
  if (existsSync(file)) {
    const handle = await fromDump(file);
    if (handle) return handle;
  }
  const client = new PGlite();
  const handle = await pgliteHandle(client);
  await prepareDatabase(handle);
  await saveTemplate(file, await client.dumpDataDir('none'));
  return handle;
};
