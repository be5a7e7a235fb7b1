/**
 * A test's world loads only what it uses (issue 28, ADR 0094 "cold start"): a process that creates an
 * in-process server, a person, a bot and a message, and a workspace that it resets and deletes,
 * never loads the packages of what it did not use:
 * undici (webhooks, delivery reports, files by URL), prom-client (a scrape), pg (PostgreSQL),
 * Fastify and @fastify/multipart (a route the fast lanes do not take), sharp (an image), pino (a log
 * line: the kit's server is silent, and writes none). Each costs a
 * new process tens to a hundred ms of CPU to load. (music-metadata and mp4box, ES modules, load on
 * first use too; the module cache read here holds CommonJS packages only.)
 */
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

const SCRIPT = `
import { createRequire } from 'node:module';
const { createParley } = await import('./src/testkit/index.ts');
const parley = await createParley();
const person = await parley.control.createUser({ phone_number: '+15550100', first_name: 'Ann' });
const bot = await parley.control.createBot({ username: 'cold_bot', first_name: 'Cold' });
await parley.control.sendMessage({ from: person.phone_number, chat: '@cold_bot', text: 'hi' });
await fetch(parley.apiRoot + '/bot' + bot.token + '/getUpdates').then((r) => r.json());
// A workspace per test: created, used, reset and deleted, all on the fast lanes.
const world = await parley.createWorkspace();
await world.control.createUser({ phone_number: '+15550100', first_name: 'Ann' });
await parley.control.resetWorkspace(world.workspace);
await world.close();
await parley.close();
const cache = createRequire(import.meta.url).cache;
const packages = new Set();
for (const file of Object.keys(cache)) {
  const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file.split('node_modules/').length > 1 ? file.slice(file.lastIndexOf('node_modules/')) : '');
  if (match) packages.add(match[1]);
}
console.log(JSON.stringify([...packages].sort()));
`;

it('creates a world, a person, a bot and a message without loading what they do not use', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
    cwd: new URL('..', import.meta.url),
    encoding: 'utf8',
    env: { ...process.env, PARLEY_LOG_LEVEL: 'silent' },
  });
  const loaded = JSON.parse(out.trim().split('\n').at(-1)!) as string[];
  // Something was loaded (the check reads the module cache it means to).
  expect(loaded).toContain('better-sqlite3');
  for (const unused of [
    'undici',
    'prom-client',
    'pg',
    'fastify',
    '@fastify/multipart',
    '@fastify/static',
    'sharp',
    'pino',
  ])
    expect(loaded).not.toContain(unused);
}, 60_000);
