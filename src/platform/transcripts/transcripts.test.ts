/** The pure rules of transcripts (ADR 0059): normalising messages and rendering them as text. */
import { describe, expect, it } from 'vitest';
import { normaliseMessages } from './normalise.js';
import { renderTranscript } from './render.js';

const alice = { id: 501, is_bot: false, first_name: 'Alice' };
const bob = { id: 502, is_bot: false, first_name: 'Bob', last_name: 'Stone' };
const helper = { id: 900, is_bot: true, first_name: 'Helper', username: 'helper_bot' };
const group = { id: -100777, type: 'supergroup', title: 'Club' };

function message(id: number, from: object, fields: Record<string, unknown>) {
  return { message_id: id, from, chat: group, date: 1_700_000_000 + id, ...fields };
}

describe('normaliseMessages', () => {
  it('numbers messages by position and replaces ids, dates, file ids and tokens', () => {
    const photo = { file_id: 'AgAD-long-id', file_unique_id: 'u1', width: 10, height: 10 };
    const [first, second] = normaliseMessages([
      message(40, alice, { text: 'hi' }),
      message(42, helper, {
        photo: [photo, { ...photo, file_id: 'AgAD-other', width: 20 }],
        caption: 'token 900:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawXYZ',
        reply_to_message: message(40, alice, { text: 'hi' }),
        edit_date: 1_700_000_100,
        media_group_id: '1234567',
        poll: { id: '5555', question: 'Q?' },
      }),
    ]);
    expect(first).toEqual({
      message_id: '#1',
      from: { id: '<id 1>', is_bot: false, first_name: 'Alice' },
      chat: { id: '<id 2>', type: 'supergroup', title: 'Club' },
      date: '<date>',
      text: 'hi',
    });
    expect(second).toMatchObject({
      message_id: '#2',
      from: { id: '<id 3>' },
      edit_date: '<date>',
      photo: [
        { file_id: '<file 1>', file_unique_id: '<file unique 1>', width: 10 },
        { file_id: '<file 2>', file_unique_id: '<file unique 1>', width: 20 },
      ],
      caption: 'token <token>',
      reply_to_message: { message_id: '#1', from: { id: '<id 1>' }, date: '<date>' },
      media_group_id: '<group 1>',
      poll: { id: '<poll 1>' },
    });
  });

  it('replaces a whole token, one that ends in - or _ too', () => {
    const [only] = normaliseMessages([
      message(1, helper, {
        text: 'a 900:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw- b 901:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw_',
      }),
    ]);
    expect(only!.text).toBe('a <token> b <token>');
  });

  it('marks a message outside the transcript #?', () => {
    const [only] = normaliseMessages([
      message(3, alice, { pinned_message: message(1, alice, { text: 'x' }) }),
    ]);
    expect(only!.pinned_message).toMatchObject({ message_id: '#?' });
  });
});

describe('renderTranscript', () => {
  const render = (...messages: Array<Record<string, unknown>>) =>
    renderTranscript(normaliseMessages(messages));

  it('writes service messages as short lines', () => {
    expect(
      render(
        message(1, alice, { group_chat_created: true }),
        message(2, bob, { new_chat_members: [bob] }),
        message(3, alice, { new_chat_members: [helper, bob] }),
        message(4, bob, { left_chat_member: bob }),
        message(5, alice, { left_chat_member: helper }),
        message(6, alice, { new_chat_title: 'Club 2' }),
        message(7, alice, { pinned_message: message(2, bob, {}) }),
        message(8, alice, { forum_topic_created: { name: 'News', icon_color: 1 } }),
        message(9, alice, { community_chat_added: { community: { id: 2 ** 40, name: 'Makers' } } }),
        message(10, alice, { community_chat_removed: {} }),
      ),
    ).toBe(
      [
        'Alice created the group "Club"',
        'Bob Stone joined',
        'Alice added Helper, Bob Stone',
        'Bob Stone left',
        'Alice removed Helper',
        'Alice changed the title to "Club 2"',
        'Alice pinned #2',
        'Alice created the topic "News"',
        'Alice added the chat to the community "Makers"',
        'Alice removed the chat from its community',
        '',
      ].join('\n'),
    );
  });

  it('writes content, keyboards, replies, forwards and edits', () => {
    expect(
      render(
        message(1, alice, { text: 'first line\nsecond line' }),
        message(2, helper, {
          text: 'Pick',
          reply_markup: {
            inline_keyboard: [[{ text: 'A' }, { text: 'B' }], [{ text: 'C' }]],
          },
          edit_date: 1,
        }),
        message(3, helper, { text: 'Menu', reply_markup: { keyboard: [[{ text: 'Yes' }, { text: 'No' }]] } }),
        message(4, alice, {
          poll: { id: 'p', question: 'Tea?', options: [{ text: 'Yes' }, { text: 'No' }] },
        }),
        message(5, bob, { forward_origin: { type: 'user', sender_user: alice }, text: 'fwd' }),
        message(6, alice, { sticker: { emoji: '😀' }, reply_to_message: message(5, bob, {}) }),
        message(7, alice, { location: { latitude: 1.5, longitude: 2 } }),
        message(8, alice, { dice: { emoji: '🎲', value: 4 } }),
        message(9, alice, { voice: { duration: 3 }, caption: 'listen' }),
        message(10, alice, { contact: { first_name: 'Carol', phone_number: '+1555' } }),
      ),
    ).toBe(
      [
        'Alice: first line',
        '  second line',
        'Helper: Pick [buttons: A | B / C]',
        '  (edited)',
        'Helper: Menu [keyboard: Yes | No]',
        'Alice: [poll "Tea?": Yes | No]',
        'Bob Stone: (forwarded from Alice) fwd',
        'Alice: (reply to #5) [sticker 😀]',
        'Alice: [location 1.5, 2]',
        'Alice: [dice 🎲 4]',
        'Alice: [voice 3s] listen',
        'Alice: [contact Carol +1555]',
        '',
      ].join('\n'),
    );
  });

  it('names a channel post by its chat', () => {
    const channel = { id: -100900, type: 'channel', title: 'News' };
    expect(render({ message_id: 1, chat: channel, sender_chat: channel, date: 1, text: 'Issue 1' })).toBe(
      'News: Issue 1\n',
    );
  });
});
