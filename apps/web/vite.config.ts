import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm|ico)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy of every compressible file of the build next to it,
 * for the server to send when the browser accepts them (`@fastify/static` `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'breedwise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = fs.readFileSync(file);
        if (raw.length < 512) continue;
        const br = zlib.brotliCompressSync(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        const gz = zlib.gzipSync(raw, { level: 9 });
        if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

/**
 * What a login draws, in one file rather than dozens of small ones (bench/web: 70 requests after the login,
 * each with its headers and its own round of module loading): the workspace (the layout, every module's
 * manifest, the header parts) and the home page (the dashboard and its widgets), with what they import statically and the login page does not already have. The workspace is
 * loaded before any screen, so the libraries it shares with other screens are no extra download for them.
 * A root missing here (a new widget) still works, in files of its own.
 */
const DRAWN_AFTER_LOGIN = [
  /src[\\/]shell[\\/]layout[\\/]MainLayout\.tsx$/,
  /src[\\/]modules[\\/](bpm|gs)[\\/]components[\\/](TodoBadge|HeaderBuildSelector)\.tsx$/,
  /src[\\/]modules[\\/]home[\\/](pages[\\/]DashboardPage\.tsx|dashboard-queries\.ts)$/,
  /src[\\/]modules[\\/]germ[\\/]statistics[\\/]components[\\/]StockWidget\.tsx$/,
  /src[\\/]modules[\\/]doe[\\/]experiment[\\/]components[\\/]ExperimentStatsWidget\.tsx$/,
];
const TEXTS = /src[\\/]modules[\\/][^\\/]+[\\/]locales[\\/]/;
const ENTRY = /src[\\/]main\.tsx$/;

/** Modules reachable from `roots` through static imports, not entering `stop`. */
function staticClosure(ctx: ChunkingContext, roots: Iterable<string>, stop: Set<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots].filter((r) => !stop.has(r));
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) if (!seen.has(next) && !stop.has(next)) todo.push(next);
  }
  return seen;
}

/** Every module of the graph `id` belongs to (through imports and importers, static and dynamic). */
function graphOf(ctx: ChunkingContext, id: string): Set<string> {
  const seen = new Set<string>();
  const todo = [id];
  while (todo.length) {
    const m = todo.pop()!;
    if (seen.has(m)) continue;
    seen.add(m);
    const info = ctx.getModuleInfo(m);
    if (info) todo.push(...info.importedIds, ...info.dynamicallyImportedIds, ...info.importers, ...info.dynamicImporters);
  }
  return seen;
}

const workspaceByPass = new WeakMap<ChunkingContext, Set<string>>();
/**
 * 'workspace' for the modules the roots above import statically, less the login page's (computed once per
 * chunking pass). The login page's static imports are an over-estimate (a library's index names all its
 * parts, only the used ones are bundled): what they leave out here, the bundler places itself, and it
 * merges what only the workspace needs into the workspace's file.
 */
function drawnAfterLogin(id: string, ctx: ChunkingContext): string | null {
  let workspace = workspaceByPass.get(ctx);
  if (!workspace) {
    const ids = [...graphOf(ctx, id)];
    const initial = staticClosure(
      ctx,
      ids.filter((m) => ENTRY.test(m)),
    );
    workspace = staticClosure(
      ctx,
      ids.filter((m) => DRAWN_AFTER_LOGIN.some((p) => p.test(m))),
      initial,
    );
    for (const m of workspace) if (TEXTS.test(m)) workspace.delete(m);
    workspaceByPass.set(ctx, workspace);
  }
  return workspace.has(id) ? 'workspace' : null;
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // react-router's package exports name its development build for every bundler; the production
    // build (no dev-time checks and warnings) is the one to ship.
    alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every module's texts of one language in one file (the workspace loads the current language's).
            { name: 'texts-zh-CN', test: /src[\\/]modules[\\/][^\\/]+[\\/]locales[\\/]zh-CN\.json$/, priority: 4 },
            { name: 'texts-en', test: /src[\\/]modules[\\/][^\\/]+[\\/]locales[\\/]en\.json$/, priority: 4 },
            // React and its router and i18n bindings change together and every page needs them.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-i18next|i18next)[\\/]/, priority: 3 },
            // Everything the first screen (the login page) needs, in one file instead of dozens of small
            // ones: fewer requests and headers, and one brotli stream compresses better.
            { name: 'initial', tags: ['$initial'], priority: 2 },
            { name: drawnAfterLogin, debugName: 'drawn after login', priority: 1 },
          ],
        },
      },
    },
  },
});
