/**
 * People send locations (live too), venues, contacts, polls and quizzes, and dice through the
 * control API and `parley send`, and the bots of the chat receive them with getUpdates (grammY's
 * Api over real HTTP) shaped as the Bot API shapes those objects; refused sends answer the control
 * API's error and store nothing.
 */
import type { Poll } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { botInbox } from './helpers/bot-inbox.js';
import { groupKit } from './helpers/groups.js';
import { startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);

/** A person, a bot and the private chat between them, with the bot's inbox. */
async function privateScene(prefix: string) {
  const alice = await person('Alice');
  const b = await bot(prefix);
  const inbox = botInbox(b.api, b.record.username);
  return { alice, b, inbox, chat: `@${b.record.username}` };
}

const parley = cliRunner(() => server);

describe("a person's location and venue", () => {
  it('reach the bot as the Bot API shapes them, live locations with their live fields', async () => {
    const { alice, inbox, chat } = await privateScene('loc');

    const plain = await server.control.sendLocation({
      from: alice.id,
      chat,
      latitude: 51.5,
      longitude: -0.12,
    });
    expect(plain.location).toEqual({ latitude: 51.5, longitude: -0.12 });
    const got = await inbox.next();
    expect(got.message_id).toBe(plain.message_id);
    expect(got.from?.id).toBe(alice.id);
    expect(got.location).toEqual({ latitude: 51.5, longitude: -0.12 });

    await server.control.sendLocation({
      from: alice.id,
      chat,
      latitude: -33.86,
      longitude: 151.21,
      horizontal_accuracy: 2000,
      live_period: 900,
      heading: 90,
      proximity_alert_radius: 500,
    });
    const live = (await inbox.next()).location!;
    expect(Object.keys(live)).toEqual([
      'latitude',
      'longitude',
      'live_period',
      'heading',
      'proximity_alert_radius',
      'horizontal_accuracy',
    ]);
    // The accuracy is clamped to 1500 m, as the platform clamps a bot's.
    expect(live).toMatchObject({
      live_period: 900,
      heading: 90,
      proximity_alert_radius: 500,
      horizontal_accuracy: 1500,
    });

    const venue = await server.control.sendVenue({
      from: alice.id,
      chat,
      latitude: 48.8584,
      longitude: 2.2945,
      title: 'Eiffel Tower',
      address: 'Champ de Mars, Paris',
      venueprovider1_id: '4adcda09f964a520',
      venueprovider1_type: 'arts_entertainment/landmark',
    });
    const gotVenue = await inbox.next();
    expect(gotVenue.message_id).toBe(venue.message_id);
    expect(gotVenue.location).toEqual({ latitude: 48.8584, longitude: 2.2945 });
    expect(gotVenue.venue).toEqual({
      location: { latitude: 48.8584, longitude: 2.2945 },
      title: 'Eiffel Tower',
      address: 'Champ de Mars, Paris',
      venueprovider1_id: '4adcda09f964a520',
      foursquare_id: '4adcda09f964a520',
      venueprovider1_type: 'arts_entertainment/landmark',
      foursquare_type: 'arts_entertainment/landmark',
    });
  });

  it('are refused when off the map or malformed, storing nothing', async () => {
    const { alice, b, chat } = await privateScene('locbad');
    await server.control.sendMessage({ from: alice.id, chat, text: 'hi' });
    const count = async () => (await server.control.listMessages({ user: alice.id, chat })).length;
    const before = await count();
    const bad = (params: Record<string, unknown>) =>
      controlFailure(
        server.control.sendLocation({ from: alice.id, chat, latitude: 0, longitude: 0, ...params }),
      );

    expect(await bad({ latitude: 91 })).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'latitude must be a number from -90 to 90',
    });
    expect(await bad({ longitude: -180.5 })).toMatchObject({
      message: 'longitude must be a number from -180 to 180',
    });
    expect(await bad({ latitude: 'north' })).toMatchObject({
      status: 400,
      message: 'latitude must be a number',
    });
    expect(await bad({ live_period: 30 })).toMatchObject({
      message: 'live_period must be 60-86400 seconds, or 2147483647',
    });
    expect(await bad({ heading: 10 })).toMatchObject({
      message: 'heading and proximity_alert_radius need a live_period',
    });
    expect(await bad({ live_period: 60, heading: 361 })).toMatchObject({
      message: 'heading must be an integer from 1 to 360',
    });
    expect(
      await controlFailure(
        server.control.sendVenue({
          from: alice.id,
          chat,
          latitude: 100,
          longitude: 0,
          title: 'x',
          address: 'y',
        }),
      ),
    ).toMatchObject({ status: 400, message: 'latitude must be a number from -90 to 90' });
    expect(
      await controlFailure(
        server.control.sendVenue({
          from: alice.id,
          chat,
          latitude: 1,
          longitude: 1,
          title: ' ',
          address: 'y',
        }),
      ),
    ).toMatchObject({ status: 400, message: 'title is required' });
    expect(await count()).toBe(before);
    expect(await b.api.getUpdates({ offset: -1, timeout: 0 })).toHaveLength(1);
  });
});

describe("a person's contact", () => {
  it('is their own without a phone number, and names the Parley user a number belongs to', async () => {
    const { alice, inbox, chat } = await privateScene('contact');
    const bob = await server.control
      .createUser({ phone_number: '+15557770001', first_name: 'Bob' })
      .catch(() => server.control.getUser('+15557770001'));

    const own = await server.control.sendContact({ from: alice.id, chat });
    const got = await inbox.next();
    expect(got.message_id).toBe(own.message_id);
    expect(got.contact).toEqual({ phone_number: alice.phone_number, first_name: 'Alice', user_id: alice.id });
    expect(Object.keys(got.contact!)).toEqual(['phone_number', 'first_name', 'user_id']);

    await server.control.sendContact({
      from: alice.id,
      chat,
      phone_number: '+1 555 777 0001',
      first_name: 'Robert',
      last_name: 'Smith',
      vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Robert Smith\nEND:VCARD',
    });
    expect((await inbox.next()).contact).toEqual({
      phone_number: '+1 555 777 0001',
      first_name: 'Robert',
      last_name: 'Smith',
      vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Robert Smith\nEND:VCARD',
      user_id: bob.id,
    });

    await server.control.sendContact({
      from: alice.id,
      chat,
      phone_number: '+19990000000',
      first_name: 'Nobody',
    });
    expect((await inbox.next()).contact).toEqual({ phone_number: '+19990000000', first_name: 'Nobody' });

    expect(
      await controlFailure(server.control.sendContact({ from: alice.id, chat, phone_number: '+1999' })),
    ).toEqual({ status: 400, code: 'BAD_REQUEST', message: 'first_name is required' });
    expect(
      await controlFailure(
        server.control.sendContact({ from: alice.id, chat, phone_number: 'call me', first_name: 'X' }),
      ),
    ).toMatchObject({ status: 400, message: 'phone_number must be digits, with an optional leading +' });
  });
});

describe("a person's poll", () => {
  it('reaches the bot as a Poll, takes votes, and gives no poll updates to bots', async () => {
    const { alice, b, inbox, chat } = await privateScene('poll');
    const sent = await server.control.sendPoll({
      from: alice.id,
      chat,
      question: 'Tea or coffee?',
      options: ['Tea', ' Coffee '],
      is_anonymous: false,
    });
    const got = await inbox.next();
    expect(got.message_id).toBe(sent.message_id);
    const poll = got.poll!;
    expect(poll).toMatchObject({
      question: 'Tea or coffee?',
      options: [
        { persistent_id: '0', text: 'Tea', voter_count: 0 },
        { persistent_id: '1', text: 'Coffee', voter_count: 0 },
      ],
      total_voter_count: 0,
      is_closed: false,
      is_anonymous: false,
      type: 'regular',
      allows_multiple_answers: false,
    });
    expect(poll.id).toMatch(/^\d+$/);
    expect((sent.poll as Poll).id).toBe(poll.id);

    const voted = await server.control.votePoll({
      user: alice.id,
      chat,
      message_id: sent.message_id,
      option_ids: [1],
    });
    expect(voted).toMatchObject({ id: poll.id, total_voter_count: 1 });
    // Bots get poll and poll_answer only for their own polls.
    expect(await inbox.drain()).toEqual([]);
    // The bot can read the new counts in the message (a reply renders it).
    await b.api.sendMessage(alice.id, 'noted', { reply_parameters: { message_id: sent.message_id } });
    const [reply] = await server.control.listMessages({ user: alice.id, chat, limit: 1 });
    expect((reply!.reply_to_message!.poll as Poll).options[1]!.voter_count).toBe(1);
  });

  it('shows a quiz its correct options in a private chat, but not to other bots of a group until closed', async () => {
    const { alice, inbox, chat } = await privateScene('quiz');
    await server.control.sendPoll({
      from: alice.id,
      chat,
      question: '2 + 2?',
      options: ['3', '4', 'four'],
      type: 'quiz',
      allows_multiple_answers: true,
      correct_option_ids: [1, 2],
      explanation: 'Basic maths',
    });
    const twoAnswers = (await inbox.next()).poll;
    expect(twoAnswers).toMatchObject({
      type: 'quiz',
      allows_revoting: false,
      correct_option_ids: [1, 2],
      explanation: 'Basic maths',
    });
    // The reference's older correct_option_id is written only for a quiz with one answer (ADR 0072).
    expect(twoAnswers).not.toHaveProperty('correct_option_id');

    const owner = await person('Owner');
    const watcher = await bot('quizgroup', { can_read_all_group_messages: true });
    const group = await server.control.createChat({
      owner: owner.id,
      title: 'Quiz night',
      type: 'supergroup',
      members: [watcher.record.id],
    });
    const groupInbox = botInbox(watcher.api);
    await groupInbox.drain();
    const sent = await server.control.sendPoll({
      from: owner.id,
      chat: String(group.id),
      question: 'Capital of France?',
      options: ['Paris', 'Rome'],
      type: 'quiz',
      correct_option_id: 0,
    } as never);
    // The sender sees the answer; the bot does not, until the quiz is closed.
    expect((sent.poll as Poll).correct_option_ids).toEqual([0]);
    expect(sent.poll).toHaveProperty('correct_option_id', 0);
    const got = (await groupInbox.next()).poll!;
    expect(got.type).toBe('quiz');
    expect(got).not.toHaveProperty('correct_option_ids');
    expect(got).not.toHaveProperty('correct_option_id');
    expect(got.explanation).toBeUndefined();
  });

  it('is refused when malformed, storing nothing', async () => {
    const { alice, chat } = await privateScene('pollbad');
    await server.control.sendMessage({ from: alice.id, chat, text: 'hi' });
    const count = async () => (await server.control.listMessages({ user: alice.id, chat })).length;
    const before = await count();
    const bad = (params: Record<string, unknown>) =>
      controlFailure(
        server.control.sendPoll({ from: alice.id, chat, question: 'Q?', options: ['a', 'b'], ...params }),
      );

    expect(await bad({ options: [] })).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'a poll needs at least 1 option',
    });
    expect(await bad({ options: Array.from({ length: 13 }, (_, i) => `o${i}`) })).toMatchObject({
      message: 'a poll has at most 12 options',
    });
    expect(await bad({ options: ['a', ' '] })).toMatchObject({ message: 'a poll option is empty' });
    expect(await bad({ options: 'a,b' })).toMatchObject({ message: 'options must be an array of strings' });
    expect(await bad({ question: 'q'.repeat(301) })).toMatchObject({
      message: 'the poll question is longer than 300 characters',
    });
    expect(await bad({ type: 'quiz' })).toMatchObject({
      message: 'a quiz needs correct_option_ids: increasing 0-based ids of its options',
    });
    expect(await bad({ type: 'quiz', correct_option_ids: [2] })).toMatchObject({
      message: 'a quiz needs correct_option_ids: increasing 0-based ids of its options',
    });
    expect(await bad({ correct_option_ids: [0] })).toMatchObject({
      message: 'correct_option_ids and explanation are for quizzes',
    });
    expect(await bad({ type: 'survey' })).toMatchObject({ message: 'type must be regular or quiz' });
    expect(await bad({ open_period: 1 })).toMatchObject({ message: 'open_period must be 5-2628000 seconds' });
    expect(await count()).toBe(before);
  });
});

describe("a person's dice", () => {
  it("has the platform's emoji and a value from the platform's Random", async () => {
    const { alice, inbox, chat } = await privateScene('dice');
    const random = server.parley.platform.deps.random;
    const draw = vi.spyOn(random, 'int').mockReturnValueOnce(5);
    try {
      const sent = await server.control.sendDice({ from: alice.id, chat });
      expect(draw).toHaveBeenCalledWith(1, 7);
      expect(sent.dice).toEqual({ emoji: '🎲', value: 5 });
    } finally {
      draw.mockRestore();
    }
    expect((await inbox.next()).dice).toEqual({ emoji: '🎲', value: 5 });

    for (const [emoji, max] of [
      ['🎯', 6],
      ['🎳', 6],
      ['🏀', 5],
      ['⚽', 5],
      ['🎰', 64],
    ] as const) {
      await server.control.sendDice({ from: alice.id, chat, emoji });
      const dice = (await inbox.next()).dice!;
      expect(dice.emoji).toBe(emoji);
      expect(dice.value).toBeGreaterThanOrEqual(1);
      expect(dice.value).toBeLessThanOrEqual(max);
    }
    // The variation selector of an emoji keyboard is dropped, as the Bot API drops it.
    await server.control.sendDice({ from: alice.id, chat, emoji: '⚽\uFE0F' as never });
    expect((await inbox.next()).dice!.emoji).toBe('⚽');
    expect(
      await controlFailure(server.control.sendDice({ from: alice.id, chat, emoji: '🍕' as never })),
    ).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'emoji must be one of 🎲 🎯 🎳 🏀 ⚽ 🎰',
    });
  });
});

describe('rights in a group', () => {
  it('refuse polls, dice and locations to a member without the permission, storing nothing', async () => {
    const owner = await person('Owner');
    const alice = await person('Alice');
    const watcher = await bot('rights', { can_read_all_group_messages: true });
    const group = await server.control.createChat({
      owner: owner.id,
      title: 'Strict',
      type: 'supergroup',
      members: [alice.id, watcher.record.id],
    });
    const chat = String(group.id);
    const inbox = botInbox(watcher.api);
    await inbox.drain();
    // Text only: no polls, no "other messages" (dice).
    await server.control.restrictChatMember({
      by: owner.id,
      chat: group.id,
      user: alice.id,
      permissions: { can_send_messages: true },
    });
    const count = async () => (await server.control.listMessages({ user: owner.id, chat })).length;
    const before = await count();
    expect(
      await controlFailure(server.control.sendPoll({ from: alice.id, chat, question: 'Q', options: ['a'] })),
    ).toEqual({ status: 403, code: 'CHAT_WRITE_FORBIDDEN', message: 'you may not send polls in this chat' });
    expect(await controlFailure(server.control.sendDice({ from: alice.id, chat }))).toEqual({
      status: 403,
      code: 'CHAT_WRITE_FORBIDDEN',
      message: 'you may not send dice in this chat',
    });
    expect(await count()).toBe(before);
    expect(await inbox.drain()).toEqual([]);
    // Locations, venues and contacts need can_send_messages only.
    await server.control.sendLocation({ from: alice.id, chat, latitude: 1, longitude: 2 });
    expect((await inbox.next()).location).toEqual({ latitude: 1, longitude: 2 });

    await server.control.restrictChatMember({
      by: owner.id,
      chat: group.id,
      user: alice.id,
      permissions: { can_send_polls: true },
      use_independent_chat_permissions: true,
    });
    expect(await controlFailure(server.control.sendContact({ from: alice.id, chat }))).toMatchObject({
      status: 403,
      message: 'you may not send text messages in this chat',
    });
    const poll = await server.control.sendPoll({
      from: alice.id,
      chat,
      question: 'Lunch?',
      options: ['Yes', 'No'],
    });
    expect((await inbox.next()).message_id).toBe(poll.message_id);
  });
});

describe('parley send', () => {
  it('sends locations, venues, contacts, polls and dice', async () => {
    const { alice, inbox, chat } = await privateScene('clisend');
    const to = ['send', '--from', String(alice.id), '--to', chat];

    const location = await parley(...to, '--location=-33.86,151.21', '--live-period', '600');
    expect(location).toMatchObject({ code: 0, stderr: '' });
    expect(location.stdout).toMatch(/^\[#\d+ from Alice\] <location>$/);
    expect((await inbox.next()).location).toEqual({ latitude: -33.86, longitude: 151.21, live_period: 600 });

    const venue = await parley(
      ...to,
      '--venue',
      '51.5,-0.12',
      '--title',
      'Big Ben',
      '--address',
      'London',
      '--json',
    );
    expect(venue.code).toBe(0);
    expect(JSON.parse(venue.stdout).venue).toMatchObject({ title: 'Big Ben', address: 'London' });
    expect((await inbox.next()).venue).toMatchObject({ title: 'Big Ben' });

    expect(await parley(...to, '--contact', 'me')).toMatchObject({ code: 0 });
    expect((await inbox.next()).contact).toMatchObject({ user_id: alice.id, first_name: 'Alice' });
    expect(await parley(...to, '--contact', '+15551112222', '--first-name', 'Carol')).toMatchObject({
      code: 0,
    });
    expect((await inbox.next()).contact).toEqual({ phone_number: '+15551112222', first_name: 'Carol' });

    const quiz = await parley(
      ...to,
      '--poll',
      'Best editor?',
      '--option',
      'vim',
      '--option',
      'emacs',
      '--correct',
      '0',
      '--explanation',
      'obviously',
      '--public',
    );
    expect(quiz).toMatchObject({ code: 0 });
    expect((await inbox.next()).poll).toMatchObject({
      question: 'Best editor?',
      type: 'quiz',
      is_anonymous: false,
      correct_option_ids: [0],
      explanation: 'obviously',
    });

    const dice = await parley(...to, '--dice', '--emoji', '🎰', '--json');
    expect(dice.code).toBe(0);
    expect(JSON.parse(dice.stdout).dice.emoji).toBe('🎰');
    expect((await inbox.next()).dice!.emoji).toBe('🎰');

    expect(await parley(...to, '--location', '1,2', '--dice')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--location and --dice do not go together'),
    });
    expect(await parley(...to, '--location', 'here')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--location must be LATITUDE,LONGITUDE'),
    });
    expect(await parley(...to, '--venue', '1,2', '--title', 'x')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('missing --address'),
    });
    expect(await parley(...to, '--text', 'hi', '--option', 'a')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--option goes with --poll'),
    });
    // A refusal of the server is printed with its code.
    expect(await parley(...to, '--location', '95,0')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('latitude must be a number from -90 to 90 (BAD_REQUEST)'),
    });
  });
});
