/**
 * `parley world export --out FILE.yaml`, `parley world import FILE` and `parley start --import FILE`
 * (ADR 0102): the CLI writes a world as YAML, a fresh server imports it and exports the same world;
 * a start with a world file serves that world at once, and a start with a broken one stops with
 * its line and field.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ControlClient } from '../src/testkit/index.js';
import { cliRunner } from './helpers/cli-runner.js';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { spawnServer } from './helpers/server-process.js';

let first: TestServer;
let second: TestServer;
let dir: string;
beforeAll(async () => {
  [first, second] = await Promise.all([startServer(), startServer()]);
  dir = mkdtempSync(path.join(tmpdir(), 'parley-world-'));
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('parley world', () => {
  it('exports YAML, imports it into a fresh server, which exports the same file', async () => {
    const alice = await first.control.createUser({
      phone_number: '+15550200001',
      first_name: 'Alice',
      username: 'alice_cli',
    });
    const bot = await first.control.createBot({ username: 'cli_world_bot' });
    await first.control.createChat({
      owner: alice.id,
      title: 'CLI world',
      type: 'group',
      members: ['@cli_world_bot'],
    });
    await first.control.sendMessage({ from: alice.id, chat: '@cli_world_bot', text: 'hi' });
    await callBotApi(first, bot.token, 'setMyCommands', {
      commands: [{ command: 'help', description: 'Help' }],
    });
    await first.control.createGatewayAccount({ owner: alice.id, credits: 5 });

    const cliFirst = cliRunner(() => first, dir);
    const cliSecond = cliRunner(() => second, dir);
    const exported = await cliFirst('world', 'export', '--out', 'world.yaml', '--messages');
    expect(exported).toMatchObject({ code: 0, stdout: 'wrote world.yaml: 1 people, 1 bots, 2 chats' });
    const text = readFileSync(path.join(dir, 'world.yaml'), 'utf8');
    expect(text).toMatch(/^version: 1\npeople:\n {2}- id: \d+\n {4}phone_number: "\+15550200001"/);
    const world = parse(text) as { bots: Array<{ token: string }> };
    expect(world.bots[0]!.token).toBe(bot.token);

    const imported = await cliSecond('world', 'import', 'world.yaml');
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(
      'imported 1 people, 1 bots, 2 chats, 1 gateway accounts and 2 messages',
    );
    expect(imported.stdout).toContain(`@cli_world_bot  ${bot.token}`);
    expect(await cliSecond('world', 'export', '--out', 'again.yaml', '--messages')).toMatchObject({
      code: 0,
    });
    expect(readFileSync(path.join(dir, 'again.yaml'), 'utf8')).toBe(text);

    // JSON to stdout by default, the same world.
    const json = await cliSecond('world', 'export', '--messages');
    expect(JSON.parse(json.stdout)).toEqual(parse(text));
    // --out FILE.json writes that JSON to the file, readable by its owner alone (it holds tokens).
    const out = await cliSecond('world', 'export', '--out', 'world.json', '--messages');
    expect(out).toMatchObject({ code: 0, stdout: 'wrote world.json: 1 people, 1 bots, 2 chats' });
    expect(JSON.parse(readFileSync(path.join(dir, 'world.json'), 'utf8'))).toEqual(parse(text));
    expect(statSync(path.join(dir, 'world.json')).mode & 0o777).toBe(0o600);
  });

  it('prints every problem with its line and field, exits 1, and imports nothing', async () => {
    const before = await second.control.exportWorld();
    writeFileSync(
      path.join(dir, 'broken.yaml'),
      [
        'people:',
        '  - phone_number: "555"',
        'bots:',
        '  - username: broken_bot',
        '    supports_inline_queries: 1',
        '',
      ].join('\n'),
    );
    const run = await cliRunner(() => second, dir)('world', 'import', 'broken.yaml');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'line 2, column 19: people[0].phone_number: "555" is not an E.164 phone number',
    );
    expect(run.stderr).toContain(
      'line 5, column 30: bots[0].supports_inline_queries: must be true or false, not number 1',
    );
    expect(run.stderr).toMatch(/\(BAD_REQUEST\)$/);
    expect(await second.control.exportWorld()).toEqual(before);
    const missing = await cliRunner(() => second, dir)('world', 'import', 'nowhere.yaml');
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toContain('cannot read the world file nowhere.yaml (ENOENT)');
  });
});

describe('parley start --import', () => {
  const file = () => path.join(dir, 'start.yaml');

  it('serves the world of the file from the start, its bot token working', async () => {
    writeFileSync(
      file(),
      [
        'people:',
        '  - phone_number: "+15550300001"',
        '    first_name: Dana',
        'bots:',
        '  - token: "7000000001:AAstartImportTokenSecret0123456789"',
        '    username: start_import_bot',
        'chats:',
        '  - type: group',
        '    id: -4100000001',
        '    title: Started',
        '    members:',
        '      - { user: "+15550300001", status: creator }',
        '      - { user: "@start_import_bot", status: member }',
        '',
      ].join('\n'),
    );
    const server = await spawnServer([
      '--data',
      ':memory:',
      '--admin-token',
      'world-start-admin-token',
      '--import',
      file(),
    ]);
    try {
      const me = await fetch(`${server.url}/bot7000000001:AAstartImportTokenSecret0123456789/getMe`);
      expect(await me.json()).toMatchObject({
        ok: true,
        result: { id: 7000000001, username: 'start_import_bot' },
      });
      const control = new ControlClient({ url: server.url, adminToken: 'world-start-admin-token' });
      expect(await control.getChat(-4100000001)).toMatchObject({ title: 'Started' });
    } finally {
      await server.stop();
    }
  });

  it('stops the start with the problems of a broken file', async () => {
    writeFileSync(
      file(),
      'chats:\n  - type: group\n    title: Nobody\n    members:\n      - { user: "@nobody_here", status: creator }\n',
    );
    const failed = await spawnServer(['--data', ':memory:', '--import', file()]).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failed).toMatch(/server exited with 1/);
    expect(failed).toContain(
      'line 5, column 17: chats[0].members[0].user: no user or bot @nobody_here in the file or the workspace',
    );
    expect(failed).toContain('(WORLD_INVALID)');
  });
});
