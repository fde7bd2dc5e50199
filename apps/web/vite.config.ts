import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
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
            { name: 'texts-zh-CN', test: /src[\\/]modules[\\/][^\\/]+[\\/]locales[\\/]zh-CN\.json$/, priority: 3 },
            { name: 'texts-en', test: /src[\\/]modules[\\/][^\\/]+[\\/]locales[\\/]en\.json$/, priority: 3 },
            // React and its router and i18n bindings change together and every page needs them.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-i18next|i18next)[\\/]/, priority: 2 },
            // Everything the first screen (the login page) needs, in one file instead of dozens of small
            // ones: fewer requests and headers, and one brotli stream compresses better.
            { name: 'initial', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
