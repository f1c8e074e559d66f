/**
 * Starts the real server (the same entry point as `npm start`) on a free loopback port with a
 * fresh data folder, and waits for its start-up line. Used by the e2e global set-up and the bench.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..');

/**
 * The seeded PGlite dump of this checkout (migrated and demo-seeded by the same start-up as
 * `npm start`, dated today), built first when missing; null when it cannot be had, and the
 * servers then seed their own.
 */
export const seededDump = (): string | null => {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/testing/templateFile.ts'], {
      cwd: join(repoRoot, 'apps/server'),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return out.trim().split('\n').pop() || null;
  } catch {
    return null;
  }
};

export interface RunningServer {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/**
 * `nodeArgs`: node's own flags before the entry (the bench's profile passes --cpu-prof, which
 * NODE_OPTIONS refuses). `dump`: a PGlite dump of a database the same start-up prepared (the API
 * tests' seeded template, see seededDump), unpacked as the data folder's database: the server
 * then finds its demo world written and starts in seconds instead of seeding it again.
 */
export const startServer = async (
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
  dump?: string,
): Promise<RunningServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'zb-e2e-'));
  if (dump) {
    mkdirSync(join(dataDir, 'pglite'));
    execFileSync('tar', ['-xf', dump, '-C', join(dataDir, 'pglite')], { stdio: 'ignore' });
  }
  const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: join(repoRoot, 'apps/server'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((res, rej) => {
    // A fresh server seeds the whole demo world first (about two minutes for two servers side by
    // side on a 2-core machine, more when it is loaded).
    const timer = setTimeout(() => rej(new Error(`server did not start in 480 s:\n${output}`)), 480_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/总部后台已启动：(http:\/\/[\d.:]+)/);
      if (m?.[1]) {
        clearTimeout(timer);
        res(m[1]);
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`server exited with ${code} before starting:\n${output}`));
    });
  });
  return {
    url,
    proc,
    stop: () =>
      new Promise<void>((res) => {
        if (proc.exitCode !== null) {
          rmSync(dataDir, { recursive: true, force: true });
          res();
          return;
        }
        proc.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          res();
        });
        proc.kill('SIGTERM');
      }),
  };
};
