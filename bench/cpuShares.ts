/**
 * Shares of a `node --cpu-prof` profile by where the time was spent (self time per package or
 * part of ours), and its heaviest functions: `node --import tsx bench/cpuShares.ts <file.cpuprofile>`.
 * Used on the server's profile of `BENCH_PROFILE=<dir> node --import tsx bench/openBills.ts`.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const PARTS: [RegExp, string][] = [
  [
    /node_modules\/fastify|node_modules\/@fastify|node_modules\/find-my-way|node_modules\/light-my-request|node_modules\/avvio/,
    'fastify',
  ],
  [/node_modules\/pino|node_modules\/thread-stream|node_modules\/sonic-boom/, 'pino (logging)'],
  [/node_modules\/zod/, 'zod'],
  [/node_modules\/drizzle-orm/, 'drizzle-orm'],
  [/node_modules\/postgres\//, 'postgres-js'],
  [/node_modules\/tsx|node_modules\/esbuild/, 'tsx'],
  [/node_modules\//, 'other packages'],
  [/modules\/members\//, 'ours: members (ledger, rollups)'],
  [/modules\/bills\//, 'ours: bills'],
  [/modules\/openApi\//, 'ours: openApi'],
  [/apps\/server\/src\//, 'ours: other'],
  [/packages\/contract\//, 'contract'],
  [/^node:|^internal\//, 'node internals'],
];

const partOf = (n: Node): string => {
  const { url, functionName } = n.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : `native: ${functionName || '(anonymous)'}`;
  for (const [re, name] of PARTS) if (re.test(url)) return name;
  return url;
};

const file = process.argv[2];
if (!file) throw new Error('usage: bench/cpuShares.ts <file.cpuprofile>');
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (const [i, id] of p.samples.entries()) self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
const parts = new Map<string, number>();
const fns = new Map<string, number>();
let all = 0;
for (const [id, us] of self) {
  const n = byId.get(id)!;
  if (n.callFrame.functionName === '(idle)') continue;
  all += us;
  const part = partOf(n);
  parts.set(part, (parts.get(part) ?? 0) + us);
  const fn = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '')}:${n.callFrame.lineNumber}`;
  fns.set(fn, (fns.get(fn) ?? 0) + us);
}
const show = (m: Map<string, number>, top: number) => {
  for (const [k, us] of [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / all).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  }
};
console.log(`busy (not idle): ${(all / 1000).toFixed(0)} ms`);
show(parts, 30);
console.log('--- heaviest functions (self) ---');
show(fns, 40);
