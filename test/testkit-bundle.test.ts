/**
 * The built test kit starts its in-process server from the build's one-file bundle
 * (dist/server/in-process.bundle.js, scripts/bundle-in-process.js; ADR 0094 "cold start"), and the
 * bundle finds what its modules resolve next to themselves: the SQL migrations and schema template
 * (a world opens), sharp (a photo is sized), the web client's files (the page is served). A child
 * process imports dist/testkit as a user's project does; a loader hook records which modules load,
 * and that a world which only sends and polls loads neither Fastify nor pg (they are in chunks of
 * their own, loaded by the code's `import()`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildIsStale } from '../scripts/build-if-stale.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'parley-bundle-'));

beforeAll(() => {
  // `npm ci` builds dist/ (prepare); a checkout changed since is built again first.
  if (buildIsStale(ROOT))
    execFileSync(process.execPath, ['scripts/build-if-stale.js'], { cwd: ROOT, stdio: 'ignore' });
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOOK = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.LOADED_LOG, url + '\\n');
  return next(url, context);
}`;

const SCRIPT = `
import { register } from 'node:module';
import { appendFileSync } from 'node:fs';
register(process.env.HOOK_URL);
const { createParley } = await import(process.env.TESTKIT_URL);
const parley = await createParley();
const person = await parley.control.createUser({ phone_number: '+15550101', first_name: 'Ann' });
const bot = await parley.control.createBot({ username: 'bundle_bot', first_name: 'Bundle' });
await parley.control.sendMessage({ from: person.phone_number, chat: '@bundle_bot', text: 'hi' });
const api = (method, body) => fetch(parley.apiRoot + '/bot' + bot.token + '/' + method, body).then((r) => r.json());
const updates = await api('getUpdates');
// What loaded up to here is what a test's world loads; the photo and the page are Fastify's routes.
appendFileSync(process.env.LOADED_LOG, 'WORLD-DONE\\n');
const form = new FormData();
form.append('chat_id', String(person.id));
form.append('photo', new Blob([Buffer.from(process.env.PNG, 'base64')], { type: 'image/png' }), 'p.png');
const photo = await api('sendPhoto', { method: 'POST', body: form });
const page = await fetch(new URL('/', parley.url)).then((r) => r.text());
await parley.close();
console.log(JSON.stringify({ text: updates.result[0].message.text, sizes: photo.result.photo.length, page: page.includes('<div id=') }));
`;

/** An 8x8 red PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWP4z8CAFWEXHbQSACj/P8FTKqelAAAAAElFTkSuQmCC';

it('starts from the bundle, which finds its migrations, sharp and the web client', () => {
  const hook = path.join(dir, 'hook.mjs');
  const log = path.join(dir, 'loaded.txt');
  writeFileSync(hook, HOOK);
  writeFileSync(log, '');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      HOOK_URL: new URL(`file://${hook}`).href,
      LOADED_LOG: log,
      TESTKIT_URL: new URL('dist/testkit/index.js', `file://${ROOT}/`).href,
      PNG,
    },
  });
  expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ text: 'hi', sizes: 1, page: true });
  const loaded = readFileSync(log, 'utf8').split('\n');
  expect(loaded.some((url) => url.endsWith('/dist/server/in-process.bundle.js'))).toBe(true);
  expect(loaded.some((url) => url.endsWith('/dist/server/in-process.js'))).toBe(false);
  // The bundle and its chunks, not hundreds of modules. The kit's own modules are its files and the
  // control API's schema and types it exports (dist/wire/, ADR 0042's addendum), which the bundle has
  // its copy of.
  const kit = (url: string) => url.includes('/dist/testkit/') || url.includes('/dist/wire/control-');
  const bundled = (url: string) => /\/dist\/server\/in-process\.(bundle|chunk-[^/]+)\.js$/.test(url);
  const server = loaded.filter((url) => url.includes('/dist/') && !kit(url));
  expect(server.filter((url) => !bundled(url))).toEqual([]);
  // Of the schema, the kit loads its routes (and their parameters), not the results' JSON Schemas nor
  // the OpenAPI document and its YAML writer, which only the server answers with (issue 28).
  const unusedSchema = /\/dist\/wire\/control-schema\/(index|components|openapi|yaml|results-[a-z-]+)\.js$/;
  expect(loaded.filter((url) => unusedSchema.test(url))).toEqual([]);
  // A world that creates, sends and polls loads no package of the Fastify app nor PostgreSQL's: the
  // bundle leaves what the code loads with import() to chunks (scripts/bundle-in-process.js).
  const world = loaded.slice(0, loaded.indexOf('WORLD-DONE'));
  expect(world.length).toBeGreaterThan(0);
  for (const unused of ['fastify', '@fastify/static', '@fastify/multipart', 'pg'])
    expect(world.filter((url) => url.includes(`/node_modules/${unused}/`))).toEqual([]);
  // The photo and the page then loaded the app's chunk, which found Fastify.
  expect(loaded.slice(world.length).some((url) => url.includes('/node_modules/fastify/'))).toBe(true);
}, 120_000);
