/**
 * The test kit starts from a known world (ADR 0102): `createParley({ world })` with a world file's
 * object or its path, and `createWorkspace({ world })`; a grammY bot runs with the token the file
 * gave, and a person of the file talks to it. A file with problems rejects with its line and field.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlApiError, createParley, type Parley, type WorldFile } from '../src/testkit/index.js';

const TOKEN = '6100000001:AAkitWorldTokenSecret0123456789abc';

const WORLD: WorldFile = {
  people: [{ id: 610000100, phone_number: '+15550400001', first_name: 'Erin', username: 'erin_kit' }],
  bots: [
    {
      token: TOKEN,
      username: 'kit_world_bot',
      first_name: 'Kit',
      commands: [{ commands: [{ command: 'start', description: 'Say hello' }] }],
    },
  ],
  chats: [
    {
      type: 'private',
      members: [
        { user: '@erin_kit', status: 'member' },
        { user: '@kit_world_bot', status: 'member' },
      ],
    },
  ],
};

let parley: Parley;
let dir: string;
beforeAll(async () => {
  parley = await createParley({ world: WORLD });
  dir = mkdtempSync(path.join(tmpdir(), 'parley-world-kit-'));
});
afterAll(async () => {
  await parley?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('createParley({ world })', () => {
  it("starts with the file's world: a grammY bot works with its token, a person of the file talks to it", async () => {
    expect(parley.world?.bots).toEqual([{ id: 6100000001, username: 'kit_world_bot', token: TOKEN }]);
    const bot = new Bot(TOKEN, { client: { apiRoot: parley.apiRoot } });
    expect(await bot.api.getMyCommands()).toEqual([{ command: 'start', description: 'Say hello' }]);
    bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
    await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
    try {
      const erin = await parley.user('@erin_kit');
      expect(erin.id).toBe(610000100);
      await erin.send('@kit_world_bot', 'hello');
      expect((await erin.waitForMessage('@kit_world_bot')).text).toBe('echo: hello');
    } finally {
      await bot.stop();
    }
  });

  it('takes a file path (YAML), in a workspace too', async () => {
    const file = path.join(dir, 'world.yaml');
    writeFileSync(file, 'people:\n  - phone_number: "+15550400002"\n    first_name: Finn\n');
    const workspace = await parley.createWorkspace({ world: file });
    try {
      expect((await workspace.user('+15550400002')).first_name).toBe('Finn');
      // The workspace is a world of its own: the default one's people are not there.
      await expect(workspace.user('@erin_kit')).rejects.toBeInstanceOf(ControlApiError);
    } finally {
      await workspace.close();
    }
  });

  it('rejects a file with problems, naming the line and field', async () => {
    const file = path.join(dir, 'broken.yaml');
    writeFileSync(file, 'bots:\n  - username: plain_name\n');
    const error = await createParley({ world: file }).then(
      async (started) => started.close(),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ControlApiError);
    expect((error as ControlApiError).description).toContain(
      'line 2, column 15: bots[0].username: a bot username must end in "bot"',
    );
  });
});
