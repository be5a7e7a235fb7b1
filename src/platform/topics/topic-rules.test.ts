import { describe, expect, it } from 'vitest';
import { cleanTopicName, iconColor, iconEmoji, renderForumTopic } from './topic-rules.js';
import { threadOf } from './threads.js';

describe('forum topic rules', () => {
  it('cleans a name: control characters, surrounding space, at most 128 characters', () => {
    expect(cleanTopicName('  News\n')).toBe('News');
    expect(cleanTopicName('a\u0000b')).toBe('a b');
    expect([...cleanTopicName('🙂'.repeat(128))].length).toBe(128);
    expect(() => cleanTopicName('🙂'.repeat(129))).toThrow(
      expect.objectContaining({ code: 'STRING_TOO_LONG', data: { field: 'topic name', max: 128 } }),
    );
    expect(() => cleanTopicName(' \t ')).toThrow(expect.objectContaining({ code: 'CHAT_TITLE_EMPTY' }));
  });

  it('takes the six icon colours only, the first by default', () => {
    expect(iconColor(undefined)).toBe(7322096);
    expect(iconColor(16478047)).toBe(16478047);
    expect(() => iconColor(0xffffff)).toThrow(expect.objectContaining({ code: 'TOPIC_ICON_COLOR_INVALID' }));
  });

  it('reads an icon custom emoji id; "" removes it', () => {
    expect(iconEmoji(undefined)).toBeUndefined();
    expect(iconEmoji('')).toBeNull();
    expect(iconEmoji('5312536423851630001')).toBe('5312536423851630001');
    expect(() => iconEmoji('smile')).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  });

  it('renders ForumTopic and finds the thread of a message', () => {
    const row = {
      chat_pk: 1,
      thread_id: 7,
      name: 'N',
      icon_color: 7322096,
      icon_custom_emoji_id: null,
      creator_id: 2,
      is_closed: true,
      is_hidden: false,
      created_at: 0,
    };
    expect(renderForumTopic(row)).toEqual({ message_thread_id: 7, name: 'N', icon_color: 7322096 });
    expect(threadOf({ text: 'x', _thread: 7 }, 9)).toBe(7);
    expect(threadOf({ forum_topic_created: { name: 'N' } }, 9)).toBe(9);
    expect(threadOf({ text: 'x' }, 9)).toBeUndefined();
  });
});
