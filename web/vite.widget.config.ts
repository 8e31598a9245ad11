import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

// The embeddable widget (docs/widget.md): `widget/main.ts` bundled into one self-contained,
// minified IIFE at dist/widget.js, which the server serves at /widget.js. It runs after the app's
// build (`npm run build`), into the same folder, which it must not empty. Plain TypeScript and
// DOM, no React: it loads on other people's sites and must stay small (e2e/widget.spec.ts fails
// above 30 KB gzipped).

const outFile = fileURLToPath(new URL('./dist/widget.js', import.meta.url));

// The same compressed copies the app's build writes for its files (vite.config.ts, precompress).
function precompressWidget(): Plugin {
  return {
    name: 'agentforge-precompress-widget',
    apply: 'build',
    closeBundle() {
      const source = readFileSync(outFile);
      writeFileSync(`${outFile}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${outFile}.gz`, gzipSync(source, { level: 9 }));
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [precompressWidget()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    minify: true,
    target: 'es2020',
    lib: {
      entry: fileURLToPath(new URL('./widget/main.ts', import.meta.url)),
      formats: ['iife'],
      name: 'AgentForgeWidget',
      fileName: () => 'widget.js',
    },
  },
});
