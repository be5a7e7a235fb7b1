import { describe, expect, it } from 'vitest';
import type { Message } from '../testkit/index.js';
import { formatBot, formatClock, formatMessage, formatMessages, formatUser } from './output.js';

const botChat = { id: 7000, type: 'private', first_name: 'Echo', username: 'echo_bot' } as const;

function message(fields: Partial<Message>): Message {
  return { message_id: 12, date: 1_700_000_000, chat: botChat, ...fields };
}

describe('human output', () => {
  it('formats users with and without the optional names', () => {
    expect(formatUser({ id: 123456, is_bot: false, first_name: 'Alice', phone_number: '+15550001' })).toBe(
      'user 123456 +15550001 (Alice)',
    );
    expect(
      formatUser({
        id: 1,
        is_bot: false,
        first_name: 'Alice',
        last_name: 'Smith',
        username: 'alice',
        phone_number: '+15550001',
      }),
    ).toBe('user 1 +15550001 @alice (Alice Smith)');
  });

  it('formats a bot with its whole token', () => {
    const bot = {
      id: 7000,
      is_bot: true,
      first_name: 'Echo',
      username: 'echo_bot',
      token: '7000:AAAAbbbbCCCC',
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    } as const;
    expect(formatBot(bot)).toBe('bot 7000 @echo_bot token 7000:AAAAbbbbCCCC');
  });

  it('formats the clock', () => {
    expect(formatClock({ now: 1_714_564_800, offset_seconds: 3600 })).toBe(
      'clock 2024-05-01T12:00:00Z (1714564800), offset +3600 s',
    );
    expect(formatClock({ now: 1_714_564_800, offset_seconds: 0 })).toBe(
      'clock 2024-05-01T12:00:00Z (1714564800), offset +0 s',
    );
  });

  it('formats a message by its sender', () => {
    const fromBot = { id: 7000, is_bot: true, first_name: 'Echo', username: 'echo_bot' };
    expect(formatMessage(message({ from: fromBot, text: 'hello' }))).toBe('[#12 from @echo_bot] hello');
    const fromAlice = { id: 1, is_bot: false, first_name: 'Alice', last_name: 'Smith' };
    expect(formatMessage(message({ from: fromAlice, text: 'hi' }))).toBe('[#12 from Alice Smith] hi');
    const channel = { id: -100, type: 'channel', title: 'News' } as const;
    expect(formatMessage(message({ chat: channel, text: 'post' }))).toBe('[#12 from News] post');
  });

  it('shows replies, content without text and inline keyboards', () => {
    const from = { id: 7000, is_bot: true, first_name: 'Echo', username: 'echo_bot' };
    const replied = message({ message_id: 11, from, text: 'question' });
    expect(formatMessage(message({ from, text: 'answer', reply_to_message: replied }))).toBe(
      '[#12 from @echo_bot, reply to #11] answer',
    );
    expect(
      formatMessage(
        message({
          from,
          photo: [{ file_id: 'f', file_unique_id: 'u', width: 1, height: 1 }],
          caption: 'a cat',
        }),
      ),
    ).toBe('[#12 from @echo_bot] <photo> a cat');
    expect(formatMessage(message({ from }))).toBe('[#12 from @echo_bot] <no text>');
    const keyboard = { inline_keyboard: [[{ text: 'Yes' }, { text: 'No' }], [{ text: 'Later' }]] };
    expect(formatMessage(message({ from, text: 'sure?', reply_markup: keyboard }))).toBe(
      '[#12 from @echo_bot] sure?\n  [Yes] [No]\n  [Later]',
    );
  });

  it('says what a service message records', () => {
    const alice = { id: 1, is_bot: false, first_name: 'Alice' };
    const bob = { id: 2, is_bot: false, first_name: 'Bob', last_name: 'Jones' };
    const say = (fields: Record<string, unknown>) => formatMessage(message({ from: alice, ...fields }));
    expect(say({ group_chat_created: true })).toBe('[#12 from Alice] group created');
    expect(say({ new_chat_members: [alice] })).toBe('[#12 from Alice] Alice joined');
    expect(say({ new_chat_members: [bob, { first_name: 'Eve' }] })).toBe(
      '[#12 from Alice] Alice added Bob Jones, Eve',
    );
    expect(say({ left_chat_member: alice })).toBe('[#12 from Alice] Alice left');
    expect(say({ left_chat_member: bob })).toBe('[#12 from Alice] Alice removed Bob Jones');
    expect(say({ new_chat_title: 'Club' })).toBe('[#12 from Alice] title changed to "Club"');
    expect(say({ pinned_message: { message_id: 5 } })).toBe('[#12 from Alice] Alice pinned #5');
    expect(say({ migrate_to_chat_id: -1001 })).toBe('[#12 from Alice] upgraded to supergroup -1001');
  });

  it('lists messages one per line, and says when there are none', () => {
    const from = { id: 7000, is_bot: true, first_name: 'Echo', username: 'echo_bot' };
    expect(formatMessages([message({ from, text: 'a' }), message({ message_id: 13, from, text: 'b' })])).toBe(
      '[#12 from @echo_bot] a\n[#13 from @echo_bot] b',
    );
    expect(formatMessages([])).toBe('no messages');
  });
});
