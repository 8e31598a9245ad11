/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, URL } from 'node:url';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), apiDocsAssets()],
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
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
