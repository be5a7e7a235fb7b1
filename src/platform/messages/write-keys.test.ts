/**
 * The keys of sends (write-keys.ts, store.ts WriteKey): a person's message to a bot names the bot,
 * that it queues an update for it, and the private chat whose message id it takes; a bot's send
 * names the chat too (a private chat or a group); a person-to-person chat is its own; a
 * person's message to a group names the group's chat and its bots.
 */
import { describe, expect, it } from 'vitest';
import { botSendKey, sendKey } from './write-keys.js';
import { user } from '../../storage/contracts/fixtures.js';
import type { ChatRow, ChatsReader } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';

const PERSON = user(1);
const FRIEND = user(2);
const BOT = user(10, { is_bot: true, phone_number: null, username: 'keys_bot' });
/** Private chats by their pair of users. */
const CHATS = new Map([
  ['1:10', 100],
  ['1:2', 101],
]);

/** Groups by their id: the pk, and the bot members (with their status). */
const GROUPS = new Map([
  [-100123, { pk: 200, type: 'supergroup', bots: [{ user_id: 10, status: 'member' }] }],
  [
    -100124,
    {
      pk: 201,
      type: 'group',
      bots: [
        { user_id: 13, status: 'restricted' },
        { user_id: 10, status: 'administrator' },
        { user_id: 11, status: 'left' },
        { user_id: 12, status: 'kicked' },
      ],
    },
  ],
  [-100125, { pk: 202, type: 'group', bots: [] }],
]);

const reader = {
  getChatById: async (id: number) => {
    const group = GROUPS.get(id);
    return group && ({ pk: group.pk, id, type: group.type } as ChatRow);
  },
  listBotMembers: async (pk: number) =>
    [...GROUPS.values()].find((group) => group.pk === pk)?.bots.map((b) => ({ chat_pk: pk, ...b })) ?? [],
  getUser: async (id: number) => [PERSON, FRIEND, BOT].find((u) => u.id === id),
  getUserByUsername: async (name: string) => [PERSON, FRIEND, BOT].find((u) => u.username === name),
  getPrivateChat: async (a: number, b: number) => {
    const pk = CHATS.get(`${Math.min(a, b)}:${Math.max(a, b)}`);
    return pk === undefined ? undefined : ({ pk, type: 'private' } as ChatRow);
  },
} as unknown as ChatsReader & UsersReader;

describe('write keys', () => {
  it("names the bot, its queue and the chat of a person's message to a bot", async () => {
    expect(await sendKey(reader, PERSON, '@keys_bot')).toEqual({ bot: 10, queues: true, chat: 100 });
    expect(await sendKey(reader, PERSON, '10')).toEqual({ bot: 10, queues: true, chat: 100 });
    // No chat yet (the send creates it): the bot and its queue.
    expect(await sendKey(reader, FRIEND, '@keys_bot')).toEqual({ bot: 10, queues: true });
  });

  it("names a group's chat and the bots in it, whose update ids its send may take", async () => {
    // A group with one bot is that bot's, as a private chat with it is (its lane, on PostgreSQL).
    expect(await sendKey(reader, PERSON, '-100123')).toEqual({ bot: 10, chat: 200, queues: true });
    // Bots that left or were removed get nothing: not named. The first by id routes the write.
    expect(await sendKey(reader, PERSON, '-100124')).toEqual({
      bot: 10,
      chat: 201,
      queues: true,
      bots: [13],
    });
    expect(await sendKey(reader, PERSON, '-100125')).toEqual({ chat: 202 });
    expect(await sendKey(reader, PERSON, '-100999')).toBeUndefined();
  });

  it('names the chat of a message between two people, and nothing of an unknown name', async () => {
    expect(await sendKey(reader, PERSON, '2')).toEqual({ chat: 101 });
    expect(await sendKey(reader, PERSON, '@nobody')).toBeUndefined();
    expect(await sendKey(reader, PERSON, '1')).toBeUndefined();
  });

  it("names the bot of a bot's send, and the chat it writes", async () => {
    expect(await botSendKey(reader, 10, 1)).toEqual({ bot: 10, chat: 100 });
    expect(await botSendKey(reader, 10, 2)).toEqual({ bot: 10 });
    // A group's chat by its id, whose message id the send takes too.
    expect(await botSendKey(reader, 10, -100123)).toEqual({ bot: 10, chat: 200 });
    expect(await botSendKey(reader, 10, -100999)).toEqual({ bot: 10 });
  });
});
