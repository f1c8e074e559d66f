/**
 * The versions a server instance checks what it keeps against: the auth version (the sessions it
 * looked up, platform/session.ts) and the permissions version (the role codes, roleCodes.ts).
 * Triggers give them new values in the same transaction as every write they stand for
 * (migrations 0005 and 0026), and notify AUTH_CHANNEL as they do.
 *
 * On PostgreSQL each call reads both in one statement: a notification reaches another instance
 * some time after the commit, so only a read tells for certain that nothing changed. On PGlite
 * the database lives in this process, and a notification reaches its listener before the
 * writing call returns: once listening, the versions are counted here and read for nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { type Db, listenerOf } from '../db/client';
import { appSetting } from './schema';

export const AUTH_VERSION = 'auth_version';
export const PERMISSIONS_VERSION = 'permissions_version';
export const AUTH_CHANNEL = 'zb_auth';

export interface Versions {
  auth: string | null;
  permissions: string;
  /** Counted from this process's notifications (PGlite), not read from the database. */
  local: boolean;
}

/** The auth version as a column, read in the statement it is part of (one snapshot). */
export const authVersionColumn = sql<
  string | null
>`(select ${appSetting.value} from ${appSetting} where ${appSetting.key} = ${AUTH_VERSION})`;

interface Watch {
  /** Notifications heard since listening began. */
  heard: number;
  listening: boolean;
}

const watches = new WeakMap<Db, Watch>();

const watchOf = (db: Db): Watch => {
  const w = watches.get(db);
  if (w) return w;
  const watch: Watch = { heard: 0, listening: false };
  watches.set(db, watch);
  listenerOf(db)?.(AUTH_CHANNEL, () => {
    watch.heard++;
  }).then(
    () => {
      watch.heard++;
      watch.listening = true;
    },
    () => {}, // not listening: the versions are read on every call, as on PostgreSQL
  );
  return watch;
};

/** Both versions in one statement: built once per database, and prepared on PostgreSQL. */
const buildVersionsStatement = (db: Db) =>
  db
    .select({ permissions: appSetting.value, auth: authVersionColumn })
    .from(appSetting)
    .where(eq(appSetting.key, PERMISSIONS_VERSION))
    .prepare('auth_versions');

const versionStatements = new WeakMap<Db, ReturnType<typeof buildVersionsStatement>>();

const versionsStatement = (db: Db) => {
  let s = versionStatements.get(db);
  if (!s) {
    s = buildVersionsStatement(db);
    versionStatements.set(db, s);
  }
  return s;
};

/** Whether the versions are counted in this process (PGlite, listening): reading them costs nothing. */
export const versionsCounted = (db: Db): boolean => watchOf(db).listening;

export const readVersions = async (db: Db): Promise<Versions> => {
  const w = watchOf(db);
  if (w.listening) {
    const counted = `heard:${w.heard}`;
    return { auth: counted, permissions: counted, local: true };
  }
  const [row] = await versionsStatement(db).execute();
  return { auth: row?.auth ?? null, permissions: row?.permissions ?? '0', local: false };
};
