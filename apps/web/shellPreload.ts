/**
 * Build step: `.vite/preload.json`, the JS files a signed-in tab needs for each shell page
 * beyond what index.html already loads: ShellRoutes and ShellFrame with their imports (`shell`)
 * and each page's chunk with its imports (`pages`, by route path). The server puts them in
 * index.html as <link rel="modulepreload"> when a signed-in browser asks for that page, so the
 * browser fetches them beside the entry instead of after it has run (src/app/preload.ts starts
 * the same downloads from the entry when the server has not). The paths and modules are read from
 * src/app/pageLoaders.ts, the one list of pages; a loader this step cannot read fails the build.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

export interface PreloadMap {
  shell: string[];
  pages: Record<string, string[]>;
  /** The report page's files: what every route without a page of its own renders (REPORT_PAGE_LOADER). */
  report: string[];
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
}

const LOADERS = 'src/app/pageLoaders.ts';
const SHELL = ['src/app/ShellRoutes.tsx', 'src/app/ShellFrame.tsx'];

/** Route path → module of its page, as written in pageLoaders.ts ('/' and /welcome open WelcomePage). */
export const pageModules = (source: string, dir: string): Map<string, string> => {
  const modules = new Map<string, string>();
  for (const m of source.matchAll(/'(\/[^']*)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g))
    modules.set(m[1] as string, resolve(dir, m[2] as string));
  const welcome = /WELCOME_LOADER\b[\s\S]*?import\('([^']+)'\)/.exec(source)?.[1];
  if (welcome) for (const path of ['/', '/welcome']) modules.set(path, resolve(dir, welcome));
  return modules;
};

/** The module REPORT_PAGE_LOADER opens, as written in pageLoaders.ts. */
export const reportPageModule = (source: string, dir: string): string | null => {
  const m = /REPORT_PAGE_LOADER\b[\s\S]*?import\('([^']+)'\)/.exec(source)?.[1];
  return m ? resolve(dir, m) : null;
};

export const shellPreload = (): Plugin => {
  let root = process.cwd();
  return {
    name: 'zb-shell-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is typeof c & ChunkLike => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map<string, ChunkLike>();
      for (const c of chunks) if (c.facadeModuleId) byModule.set(c.facadeModuleId.replace(/\.tsx?$/, ''), c);
      const closure = (start: ChunkLike, into = new Set<string>()): Set<string> => {
        if (into.has(start.fileName)) return into;
        into.add(start.fileName);
        for (const f of start.imports) {
          const next = byFile.get(f);
          if (next) closure(next, into);
        }
        return into;
      };
      const chunkOf = (module: string): ChunkLike => {
        const chunk = byModule.get(module.replace(/\.tsx?$/, ''));
        if (!chunk) this.error(`shellPreload: no chunk for ${module.slice(root.length)}`);
        return chunk;
      };
      const entry = new Set<string>();
      for (const c of chunks) if (c.isEntry) closure(c, entry);
      const beyond = (files: Set<string>, skip: Set<string>) =>
        [...files].filter((f) => !skip.has(f)).map((f) => `/${f}`);

      const shellFiles = new Set<string>();
      for (const s of SHELL) closure(chunkOf(join(root, s)), shellFiles);
      const loaded = new Set([...entry, ...shellFiles]);
      const source = readFileSync(join(root, LOADERS), 'utf8');
      const modules = pageModules(source, dirname(join(root, LOADERS)));
      if (modules.size < 2) this.error(`shellPreload: no page loaders read from ${LOADERS}`);
      const report = reportPageModule(source, dirname(join(root, LOADERS)));
      if (!report) this.error(`shellPreload: no REPORT_PAGE_LOADER read from ${LOADERS}`);
      const map: PreloadMap = {
        report: beyond(closure(chunkOf(report)), loaded),
        shell: beyond(shellFiles, entry),
        pages: Object.fromEntries(
          [...modules].map(([path, module]) => [path, beyond(closure(chunkOf(module)), loaded)]),
        ),
      };
      this.emitFile({ type: 'asset', fileName: '.vite/preload.json', source: JSON.stringify(map) });
    },
  };
};
