/**
 * SQLite ignores write keys (store.ts `usesWriteKeys`), so sends make none: a person's message to a
 * group or a bot and a bot's reply read nothing to build a key before their write (write-keys.ts
 * reads the pair's chat, or the group's chat and its bot members, which PostgreSQL uses).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../src/platform/assembly/platform.js';
import type { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import type { ChatRow } from '../src/storage/store.js';
import { sqlitePlatform } from './helpers/test-platform.js';

describe('sends on SQLite, which ignores write keys', () => {
  let store: SqliteStore;
  let platform: Platform;
  let person = '';
  let botId = 0;
  let group: ChatRow;

  beforeAll(async () => {
    ({ store, platform } = sqlitePlatform());
    const owner = await platform.users.createUser({ phone_number: '+15557770002', first_name: 'Owner' });
    person = String(owner.id);
    const { user } = await platform.users.createBot({
      username: 'sqlite_keys_bot',
      can_read_all_group_messages: true,
    });
    botId = user.id;
    ({ chat: group } = await platform.groups.create(person, {
      type: 'group',
      title: 'Keys',
      members: ['@sqlite_keys_bot'],
    }));
    // The private chat exists: a send to it would find it by its pair.
    await platform.messages.sendFromUser(person, '@sqlite_keys_bot', 'hello');
  });

  afterAll(async () => {
    await store.close();
  });

  it("reads no key's rows before a person's send or a bot's reply", async () => {
    expect(store.usesWriteKeys).toBe(false);
    // Reads outside writes (on SQLite a write's fn reads through the store itself), counted
    // through own properties that shadow the composed readers (storage/compose.ts).
    let inWrites = 0;
    const write = store.write.bind(store) as (
      key: unknown,
      fn: (tx: unknown) => Promise<unknown>,
    ) => Promise<unknown>;
    Object.defineProperty(store, 'write', {
      configurable: true,
      value: (key: unknown, fn: (tx: unknown) => Promise<unknown>) =>
        write(key, async (tx) => {
          inWrites++;
          try {
            return await fn(tx);
          } finally {
            inWrites--;
          }
        }),
    });
    const counts = { getPrivateChat: 0, getChatById: 0, listBotMembers: 0 };
    for (const name of Object.keys(counts) as Array<keyof typeof counts>) {
      const read = (store[name] as (...args: unknown[]) => unknown).bind(store);
      Object.defineProperty(store, name, {
        configurable: true,
        value: (...args: unknown[]) => {
          if (inWrites === 0) counts[name]++;
          return read(...args);
        },
      });
    }
    try {
      await platform.messages.sendFromUser(person, String(group.id), '/start@sqlite_keys_bot');
      await platform.messages.sendFromUser(person, '@sqlite_keys_bot', 'again');
      const bot = (await store.getUser(botId))!;
      await platform.messages.sendFromBot(bot, Number(person), { text: 'reply' });
      expect(counts).toEqual({ getPrivateChat: 0, getChatById: 0, listBotMembers: 0 });
    } finally {
      for (const name of [...Object.keys(counts), 'write'])
        delete (store as unknown as Record<string, unknown>)[name];
    }
  });
});
