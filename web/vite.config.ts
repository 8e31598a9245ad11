/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = 'http://127.0.0.1:8080';

// The API reference page at /api/docs runs Scalar's standalone bundle. It is
// copied from node_modules into the build, so the binary embeds it and the
// page works offline (no CDN).
function apiDocsAssets(): Plugin {
  return {
    name: 'agentforge-api-docs-assets',
    apply: 'build',
    generateBundle() {
      const require = createRequire(import.meta.url);
      const standalone = require.resolve('@scalar/api-reference/browser/standalone.js');
      this.emitFile({ type: 'asset', fileName: 'api-docs/scalar.js', source: readFileSync(standalone) });
    },
  };
}

// Compressed copies (.br, .gz) of every text file of the build, written once
// here so the server sends them as they are instead of compressing the same
// bytes on every request.
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'agentforge-precompress',
    apply: 'build',
    closeBundle() {
      const outDir = fileURLToPath(new URL('./dist', import.meta.url));
      for (const file of walk(outDir)) {
        if (!compressible.test(file) || file.includes(`${join(outDir, 'locales')}`)) continue;
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), apiDocsAssets(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/ws': { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Pages load lazily (src/app/router.tsx). Libraries are grouped so they cache well without
        // being downloaded before a page needs them:
        // - `react`: React and the router, which every screen runs;
        // - `vendor`: the other libraries the first screen loads anyway (i18n, query, zod, the
        //   layouts' icons), i.e. the modules Rolldown tags `$initial`;
        // - `recharts` and `react-markdown`, each with everything it pulls in: loaded only by the
        //   pages that draw a chart or show an answer, never by the first screen;
        // - `lib`: the rest of TanStack Query and the pages' icons, small and used almost
        //   everywhere, in one chunk rather than a dozen tiny ones.
        // Anything else is left to Rolldown, which puts it in the chunks of the pages using it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 40 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 30 },
            { name: 'recharts', test: /node_modules[\\/]recharts[\\/]/, priority: 20 },
            { name: 'react-markdown', test: /node_modules[\\/](react-markdown|remark-gfm)[\\/]/, priority: 20 },
            { name: 'lib', test: /node_modules[\\/](@tanstack|lucide-react)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'widget/**/*.test.ts'],
    // Room for a few of the 5 s `findBy…` waits of setup-tests.ts on a loaded machine.
    testTimeout: 15_000,
    restoreMocks: true,
  },
});
