/**
 * Makes sure the machine has what `npm test` needs beyond npm packages: Debian's Chromium with a
 * Chinese font (end-to-end tests) and a PostgreSQL server (API tests). Installs them with apt-get
 * when running as root; otherwise stops with one sentence naming what to install. Never skips.
 */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));

const hasChineseFont = () => {
  const res = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  return res.status === 0 && res.stdout.trim().length > 0;
};

const hasRunuser = () => spawnSync('runuser', ['--help'], { stdio: 'ignore' }).status === 0;

export function missingTools() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!hasChineseFont()) missing.push('fonts-wqy-microhei');
  if (!hasPostgres()) missing.push('postgresql');
  if (process.getuid?.() === 0 && !hasRunuser()) missing.push('util-linux');
  return missing;
}

export function ensureTools() {
  const missing = missingTools();
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `npm test needs ${missing.join(', ')}: install them with \`sudo apt-get install -y ${missing.join(' ')}\` and run npm test again.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const log = '/tmp/zb-apt-install.log';
  try {
    execSync(
      `apt-get update -qq > ${log} 2>&1 && apt-get install -y -qq --no-install-recommends ${missing.join(' ')} fontconfig >> ${log} 2>&1`,
      { env, shell: '/bin/bash' },
    );
  } catch {
    console.error(readFileSync(log, 'utf8').split('\n').slice(-30).join('\n'));
  }
  const still = missingTools();
  if (still.length) {
    console.error(
      `npm test could not install ${still.join(', ')} with apt-get: install them by hand and run npm test again.`,
    );
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureTools();
