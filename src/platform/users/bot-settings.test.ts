import { describe, expect, it } from 'vitest';
import { BotSettings } from './bot-settings.js';
import { SystemClock } from '../core/clock.js';
import { EventBus } from '../core/event-bus.js';
import { cryptoRandom } from '../core/random.js';
import type { ChatRow } from '../../storage/store.js';
import { SqliteStore } from '../../storage/sqlite/sqlite-store.js';

const group: ChatRow = {
  pk: 7,
  id: -100,
  type: 'supergroup',
  title: 'G',
  username: null,
  description: null,
  user_a: null,
  user_b: null,
  last_message_id: 0,
  created_at: 0,
};
const privateChat: ChatRow = { ...group, pk: 8, id: null, type: 'private', user_a: 1, user_b: 2 };

function settings() {
  const store = SqliteStore.open(':memory:');
  const deps = {
    store,
    clock: new SystemClock(),
    random: cryptoRandom,
    bus: new EventBus(),
    config: { profile: 'local' as const },
    filesDir: '',
  };
  return new BotSettings(deps);
}

const list = (name: string) => [{ command: name, description: name }];

describe('commands a user sees: narrow to wide', () => {
  it('prefers the member scope, then the chat administrators, then the chat, then wider scopes', async () => {
    const s = settings();
    await s.setCommands(1, { type: 'default' }, '', list('default'));
    expect(await s.commandsFor(1, group, 5, false, null)).toEqual(list('default'));
    await s.setCommands(1, { type: 'all_group_chats' }, '', list('groups'));
    expect(await s.commandsFor(1, group, 5, false, null)).toEqual(list('groups'));
    expect(await s.commandsFor(1, privateChat, 2, false, null)).toEqual(list('default'));
    await s.setCommands(1, { type: 'all_chat_administrators' }, '', list('admins'));
    expect(await s.commandsFor(1, group, 5, true, null)).toEqual(list('admins'));
    expect(await s.commandsFor(1, group, 5, false, null)).toEqual(list('groups'));
    await s.setCommands(1, { type: 'chat', chat: group }, '', list('chat'));
    expect(await s.commandsFor(1, group, 5, true, null)).toEqual(list('chat'));
    await s.setCommands(1, { type: 'chat_administrators', chat: group }, '', list('chat-admins'));
    expect(await s.commandsFor(1, group, 5, true, null)).toEqual(list('chat-admins'));
    expect(await s.commandsFor(1, group, 5, false, null)).toEqual(list('chat'));
    await s.setCommands(1, { type: 'chat_member', chat: group, userId: 5 }, '', list('member'));
    expect(await s.commandsFor(1, group, 5, true, null)).toEqual(list('member'));
    expect(await s.commandsFor(1, group, 6, true, null)).toEqual(list('chat-admins'));
  });

  it("tries the user's language before all languages within each scope", async () => {
    const s = settings();
    await s.setCommands(1, { type: 'default' }, 'de', list('default-de'));
    await s.setCommands(1, { type: 'all_private_chats' }, '', list('private'));
    expect(await s.commandsFor(1, privateChat, 2, false, 'de')).toEqual(list('private'));
    await s.setCommands(1, { type: 'all_private_chats' }, '', []);
    expect(await s.commandsFor(1, privateChat, 2, false, 'de')).toEqual(list('default-de'));
    expect(await s.commandsFor(1, privateChat, 2, false, 'fr')).toEqual([]);
  });
});
