/**
 * Starts a throwaway PostgreSQL server on a loopback port for tests and benchmarks: initdb into
 * a temporary folder, pg_ctl start, trust authentication. As root it runs as the postgres user,
 * since PostgreSQL refuses to run as root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgServer {
  /** URL of the `postgres` database as the `postgres` superuser. */
  url: string;
  port: number;
  stop(): void;
}

export const findPgBin = (): string | null => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });

/** `settings`: more `-c name=value` server settings (the bench's profile adds pg_stat_statements). */
export const startPgServer = async (settings: readonly string[] = []): Promise<PgServer> => {
  const bin = findPgBin();
  if (!bin)
    throw new Error(
      'PostgreSQL is not installed: run `apt-get install -y postgresql` (npm test does this when run as root).',
    );
  const dir = mkdtempSync(join(tmpdir(), 'zb-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const file = join(bin, cmd);
    const res = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', file, ...args], { encoding: 'utf8' })
      : spawnSync(file, args, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  const opts = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    ...settings.map((x) => `-c ${x}`),
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
};

export const hasRunuser = (): boolean => {
  try {
    execFileSync('runuser', ['--help'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
