/**
 * Dice, chat actions and polls over real HTTP with grammY's Api: dice values in their ranges, an
 * action shown for 5 seconds or until the bot writes, polls that take votes (the bot gets
 * poll_answer and poll updates), forwards of a poll kept current, and stopPoll.
 */
import type { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, type TestServer } from './helpers/in-process.js';
import { expectRefused, startSendingScene, type Person, type SendingScene } from './helpers/sending-scene.js';

let server: TestServer;
let api: Api;
let token: string;
let botId: number;
let botName: string;
let alice: Person;
let bob: Person;
let say: SendingScene['say'];
let storesNothing: SendingScene['storesNothing'];
let nextUpdate: SendingScene['nextUpdate'];

beforeAll(async () => {
  ({ server, api, token, botId, botName, alice, bob, say, storesNothing, nextUpdate } =
    await startSendingScene('polls'));
});
afterAll(async () => {
  await server.close();
});

const store = () => server.parley.platform.deps.store;

describe('sendDice and sendChatAction', () => {
  it('throws every dice within its range', async () => {
    const ranges: Array<[string, number]> = [
      ['🎲', 6],
      ['🎯', 6],
      ['🎳', 6],
      ['🏀', 5],
      ['⚽', 5],
      ['🎰', 64],
    ];
    for (const [emoji, max] of ranges) {
      for (let i = 0; i < 5; i++) {
        const { dice } = await api.sendDice(alice.id, emoji);
        expect(dice.emoji).toBe(emoji);
        expect(dice.value).toBeGreaterThanOrEqual(1);
        expect(dice.value).toBeLessThanOrEqual(max);
      }
    }
    const byDefault = await callBotApi(server, token, 'sendDice', { chat_id: alice.id });
    expect((byDefault.body.result as { dice: { emoji: string } }).dice.emoji).toBe('🎲');
    expect((await api.sendDice(alice.id, '⚽️')).dice.emoji).toBe('⚽');
    await storesNothing(async () => {
      await expectRefused(api.sendDice(alice.id, '🍕'), 'Bad Request: EMOTICON_INVALID');
    });
  });

  it('shows an action for 5 seconds or until the bot writes', async () => {
    const chat = (await store().getPrivateChat(alice.id, botId))!;
    const actions = server.parley.platform.chatActions;
    expect(await api.sendChatAction(alice.id, 'typing')).toBe(true);
    expect(actions.current(chat.pk)).toMatchObject({ userId: botId, action: 'typing' });
    await api.sendMessage(alice.id, 'done typing');
    expect(actions.current(chat.pk)).toBeUndefined();

    await callBotApi(server, token, 'sendChatAction', { chat_id: alice.id, action: 'RECORD_AUDIO' });
    expect(actions.current(chat.pk)?.action).toBe('record_voice');
    await server.control.advanceClock(6);
    expect(actions.current(chat.pk)).toBeUndefined();

    await expectRefused(
      api.sendChatAction(alice.id, 'dancing' as 'typing'),
      'Bad Request: wrong parameter action in request',
    );
    await expectRefused(api.sendChatAction(123_456, 'typing'), 'Bad Request: chat not found');
  });
});

describe('sendPoll and stopPoll', () => {
  it('sends a poll that takes votes, reports them to the bot, and stops', async () => {
    const sent = await api.sendPoll(alice.id, 'Lunch?', ['Pizza', { text: '  Salad  ' }], {
      is_anonymous: false,
    });
    expect(sent.poll).toEqual({
      id: expect.stringMatching(/^\d+$/),
      question: 'Lunch?',
      options: [
        { persistent_id: '0', text: 'Pizza', voter_count: 0 },
        { persistent_id: '1', text: 'Salad', voter_count: 0 },
      ],
      total_voter_count: 0,
      is_closed: false,
      is_anonymous: false,
      type: 'regular',
      allows_multiple_answers: false,
      allows_revoting: true,
      members_only: false,
    });
    const forward = await api.forwardMessage(bob.id, alice.id, sent.message_id);
    await server.parley.platform.polls.vote(alice.phone, `@${botName}`, sent.message_id, [1]);

    const answer = await nextUpdate('poll_answer');
    expect(answer).toEqual({
      poll_id: sent.poll.id,
      user: { id: alice.id, is_bot: false, first_name: 'Alice', last_name: 'Test' },
      option_ids: [1],
      option_persistent_ids: ['1'],
    });
    expect(await nextUpdate('poll')).toMatchObject({ id: sent.poll.id, total_voter_count: 1 });
    // The forward shows the same poll, kept current.
    const [shown] = await server.control.listMessages({ user: bob.phone, chat: `@${botName}`, limit: 1 });
    expect(shown!.message_id).toBe(forward.message_id);
    expect((shown!.poll as { options: Array<{ voter_count: number }> }).options[1]!.voter_count).toBe(1);

    const stopped = await api.stopPoll(alice.id, sent.message_id);
    expect(stopped).toMatchObject({ id: sent.poll.id, is_closed: true, total_voter_count: 1 });
    expect(stopped.options.map((o) => o.voter_count)).toEqual([0, 1]);
    expect(await nextUpdate('poll')).toMatchObject({ id: sent.poll.id, is_closed: true });
    await expect(
      server.parley.platform.polls.vote(alice.phone, `@${botName}`, sent.message_id, [0]),
    ).rejects.toThrow('the poll is closed');
    await expectRefused(api.stopPoll(alice.id, sent.message_id), 'Bad Request: poll has already been closed');
    await expectRefused(api.stopPoll(alice.id, 999_999), 'Bad Request: message with poll to stop not found');
    await expectRefused(
      api.stopPoll(alice.id, await say(alice, 'no poll')),
      'Bad Request: message is not a poll',
    );
  });

  it('copies a poll as a new poll without votes', async () => {
    const sent = await api.sendPoll(alice.id, 'Tea or coffee?', ['Tea', 'Coffee']);
    await server.parley.platform.polls.vote(alice.phone, `@${botName}`, sent.message_id, [0]);
    const copy = await api.copyMessage(bob.id, alice.id, sent.message_id);
    const [shown] = await server.control.listMessages({ user: bob.phone, chat: `@${botName}`, limit: 1 });
    expect(shown!.message_id).toBe(copy.message_id);
    const poll = shown!.poll as { id: string; total_voter_count: number; question: string };
    expect(poll.id).not.toBe(sent.poll.id);
    expect(poll).toMatchObject({ question: 'Tea or coffee?', total_voter_count: 0 });
    const stopped = await api.stopPoll(bob.id, copy.message_id);
    expect(stopped).toMatchObject({ id: poll.id, is_closed: true });
  });

  it('sends quizzes with their correct options and explanation', async () => {
    const quiz = await api.sendPoll(alice.id, '2+2?', ['3', '4'], {
      type: 'quiz',
      correct_option_ids: [1],
      explanation: '*Basic* maths',
      explanation_parse_mode: 'MarkdownV2',
    } as never);
    expect(quiz.poll).toMatchObject({
      type: 'quiz',
      allows_revoting: false,
      // The reference's older field beside the list, for a quiz with one answer (ADR 0072).
      correct_option_id: 1,
      correct_option_ids: [1],
      explanation: 'Basic maths',
      explanation_entities: [{ type: 'bold', offset: 0, length: 5 }],
    });
  });

  it('refuses bad polls with the reference texts and stores nothing', async () => {
    await storesNothing(async () => {
      await expectRefused(
        api.sendPoll(alice.id, '   ', ['a']),
        'Bad Request: poll question must be non-empty',
      );
      await expectRefused(
        api.sendPoll(alice.id, 'q'.repeat(301), ['a']),
        'Bad Request: poll question length must not exceed 300',
      );
      await expectRefused(api.sendPoll(alice.id, 'Q', []), 'Bad Request: poll must have at least 1 option');
      await expectRefused(
        api.sendPoll(
          alice.id,
          'Q',
          Array.from({ length: 13 }, (_, i) => `o${i}`),
        ),
        "Bad Request: poll can't have more than 12 options",
      );
      await expectRefused(
        api.sendPoll(alice.id, 'Q', ['a', ' ']),
        'Bad Request: poll options must be non-empty',
      );
      await expectRefused(
        api.sendPoll(alice.id, 'Q', ['x'.repeat(101)]),
        'Bad Request: poll options length must not exceed 100',
      );
      await expectRefused(
        api.sendPoll(alice.id, 'Q', ['a', 'b'], { type: 'quiz' }),
        'Bad Request: wrong correct option ID specified',
      );
      await expectRefused(
        api.sendPoll(alice.id, 'Q', ['a'], { type: 'survey' as 'quiz' }),
        'Bad Request: unsupported poll type specified',
      );
      const noOptions = await callBotApi(server, token, 'sendPoll', { chat_id: alice.id, question: 'Q' });
      expect(noOptions.body.description).toBe("Bad Request: can't parse options JSON object");
    });
  });
});

describe('a poll and its message are one write', () => {
  it('stores neither when the poll cannot be stored, for sendPoll and for a copy of a poll', async () => {
    const original = await api.sendPoll(alice.id, 'Kept?', [{ text: 'yes' }, { text: 'no' }]);
    const target = store() as unknown as { insertPoll: (...args: unknown[]) => Promise<void> };
    const insertPoll = target.insertPoll;
    target.insertPoll = () => Promise.reject(new Error('disk full'));
    try {
      await storesNothing(async () => {
        await expect(api.sendPoll(alice.id, 'Lost?', [{ text: 'a' }, { text: 'b' }])).rejects.toThrow();
        await expect(api.copyMessage(bob.id, alice.id, original.message_id)).rejects.toThrow();
      });
    } finally {
      target.insertPoll = insertPoll;
    }
  });
});
