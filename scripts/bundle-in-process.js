// Bundles the in-process server (dist/server/in-process.js and the modules it imports) into one file,
// dist/server/in-process.bundle.js, which the test kit's createParley() loads (issue 28, ADR 0094
// "cold start"): one module instead of about 580 saves a new process some 100 ms of CPU. Packages
// stay outside (`packages: 'external'`), loaded as before, lazily where the code loads them lazily.
//
// What the code loads with `import()` (the Fastify app and its routes, the PostgreSQL adapter) goes
// into chunks of its own beside the bundle (`in-process.chunk-HASH.js`, esbuild's code splitting),
// loaded when the code asks for them: in one file, esbuild hoisted their packages' imports (Fastify,
// @fastify/static, pg) to the bundle's top, and every new process loaded them (ADR 0094's addendum
// "a test file's own cost"). Modules both sides use are in a shared chunk that the bundle imports.
//
// A bundled module's `import.meta.url` would name the bundle; each is rewritten to its own file's
// URL, relative to the bundle, so paths it resolves next to itself (SQL migrations, the schema
// template, the web client's files) still resolve, wherever dist/ is installed. The chunks are in the
// bundle's folder, so the same relative URLs hold in them.
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const OUT_DIR = path.resolve('dist/server');
const CHUNK_PREFIX = 'in-process.chunk-';

/** Rewrites `import.meta.url` in a module of dist/ to that module's own URL. */
const ownUrls = {
  name: 'own-import-meta-url',
  setup(plugin) {
    plugin.onLoad({ filter: /\/dist\/.*\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.')) return { contents: source, loader: 'js' };
      if (/import\.meta\.(dirname|filename)/.test(source)) {
        throw new Error(`${args.path}: use import.meta.url (the bundle rewrites only that)`);
      }
      const relative = path.relative(OUT_DIR, args.path).split(path.sep).join('/');
      const own = `new URL(${JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', own), loader: 'js' };
    });
  },
};

// The chunks of an earlier build (their names change with their contents).
for (const name of readdirSync(OUT_DIR)) {
  if (name.startsWith(CHUNK_PREFIX)) rmSync(path.join(OUT_DIR, name));
}

await build({
  entryPoints: { 'in-process.bundle': 'dist/server/in-process.js' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir: OUT_DIR,
  chunkNames: `${CHUNK_PREFIX}[hash]`,
  plugins: [ownUrls],
  logLevel: 'warning',
});
