#!/usr/bin/env node
// Entry point of the `parley` command. Runs the compiled CLI from dist/ (built by `npm ci` through the
// `prepare` script); in a checkout without dist/ it falls back to the TypeScript sources through tsx.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = `${root}dist/cli/main.js`;
if (existsSync(compiled)) {
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(`${root}src/cli/main.ts`).href);
}
