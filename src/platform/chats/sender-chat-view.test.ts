import { describe, expect, it } from 'vitest';
import { CHANNEL_BOT, GROUP_ANONYMOUS_BOT, placeholderSender } from './sender-chat-view.js';

describe('placeholderSender', () => {
  it('is Channel_Bot for another chat and GroupAnonymousBot for the chat itself (TDLib)', () => {
    expect(placeholderSender(-1001, -1002)).toEqual({
      id: 136817688,
      is_bot: true,
      first_name: 'Channel',
      username: 'Channel_Bot',
    });
    expect(placeholderSender(-1001, -1001)).toEqual({
      id: 1087968824,
      is_bot: true,
      first_name: 'Group',
      username: 'GroupAnonymousBot',
    });
  });

  it('hands out a copy, never the shared constant', () => {
    const from = placeholderSender(-1001, -1002);
    expect(from).not.toBe(CHANNEL_BOT);
    expect(placeholderSender(-1001, -1001)).not.toBe(GROUP_ANONYMOUS_BOT);
  });
});
