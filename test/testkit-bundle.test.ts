/**
 * The built test kit starts its in-process server from the build's one-file bundle
 * (dist/server/in-process.bundle.js, scripts/bundle-in-process.js; ADR 0094 "cold start"), and the
 * bundle finds what its modules resolve next to themselves: the SQL migrations and schema template
 * (a world opens), sharp (a photo is sized), the web client's files (the page is served). A child
 * process imports dist/testkit as a user's project does; a loader hook records which modules load.
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
register(process.env.HOOK_URL);
const { createParley } = await import(process.env.TESTKIT_URL);
const parley = await createParley();
const person = await parley.control.createUser({ phone_number: '+15550101', first_name: 'Ann' });
const bot = await parley.control.createBot({ username: 'bundle_bot', first_name: 'Bundle' });
await parley.control.sendMessage({ from: person.phone_number, chat: '@bundle_bot', text: 'hi' });
const api = (method, body) => fetch(parley.apiRoot + '/bot' + bot.token + '/' + method, body).then((r) => r.json());
const updates = await api('getUpdates');
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
  // One module of the server's, not hundreds. The kit's own modules are its files and the control
  // API's schema and types it exports (dist/wire/, ADR 0042's addendum), which the bundle has its copy of.
  const kit = (url: string) => url.includes('/dist/testkit/') || url.includes('/dist/wire/control-');
  expect(loaded.filter((url) => url.includes('/dist/') && !kit(url)).length).toBe(1);
}, 120_000);
