// Bundles the in-process server (dist/server/in-process.js and the modules it imports) into one file,
// dist/server/in-process.bundle.js, which the test kit's createParley() loads (issue 28, ADR 0094
// "cold start"): one module instead of about 580 saves a new process some 100 ms of CPU. Packages
// stay outside (`packages: 'external'`), loaded as before, lazily where the code loads them lazily.
//
// A bundled module's `import.meta.url` would name the bundle; each is rewritten to its own file's
// URL, relative to the bundle, so paths it resolves next to itself (SQL migrations, the schema
// template, the web client's files) still resolve, wherever dist/ is installed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const OUT = path.resolve('dist/server/in-process.bundle.js');

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
      const relative = path.relative(path.dirname(OUT), args.path).split(path.sep).join('/');
      const own = `new URL(${JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', own), loader: 'js' };
    });
  },
};

await build({
  entryPoints: ['dist/server/in-process.js'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile: OUT,
  plugins: [ownUrls],
  logLevel: 'warning',
});
