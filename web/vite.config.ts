// Builds the web client (ADR 0055) into dist/web-client/, which the server serves at /web/.
// `npm run build` runs it; `npm ci` runs the build (prepare).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the same build serves /web/ and a workspace's /w/NAME/web/.
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web-client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  logLevel: 'warn',
});
