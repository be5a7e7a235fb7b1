/**
 * editMessageLiveLocation and stopMessageLiveLocation over HTTP with grammY's Api: a bot moves,
 * extends and stops its live locations (and inline ones, by inline_message_id), the person sees the
 * moved point, bots that received the message get edited_message; the reference's error texts, and
 * the live period on the virtual clock.
 */
import { Api, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupKit, kinds } from './helpers/groups.js';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
const { person, bot } = groupKit(() => server);

async function errorOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GrammyError) return error.description;
    throw error;
  }
  throw new Error('the call succeeded');
}

const CANT_EDIT = "Bad Request: message can't be edited";
const keyboard = { inline_keyboard: [[{ text: 'Here', callback_data: 'here' }]] };

async function setup() {
  const made = await userAndBot(server, 'live');
  const api = new Api(made.token, { apiRoot: server.url });
  // The person starts the chat, so that the bot can write there.
  await server.control.sendMessage({
    from: made.user.phone_number,
    chat: `@${made.bot.username}`,
    text: 'hi',
  });
  const seen = async () => {
    const list = await server.control.listMessages({
      user: made.user.phone_number,
      chat: `@${made.bot.username}`,
    });
    return list.at(-1) as unknown as { location?: Record<string, unknown>; edit_date?: number };
  };
  return { ...made, api, seen };
}

describe('editMessageLiveLocation and stopMessageLiveLocation', () => {
  it('move the live location, extend it, refuse an identical move, and stop it', async () => {
    const { api, user, seen } = await setup();
    const sent = await api.sendLocation(user.id, 51.5, -0.12, { live_period: 600, heading: 90 });
    expect(sent.location).toEqual({ latitude: 51.5, longitude: -0.12, live_period: 600, heading: 90 });

    const moved = await api.editMessageLiveLocation(user.id, sent.message_id, 51.51, -0.13, {
      horizontal_accuracy: 20,
      proximity_alert_radius: 300,
      reply_markup: keyboard,
    });
    expect(moved).toMatchObject({
      message_id: sent.message_id,
      location: {
        latitude: 51.51,
        longitude: -0.13,
        live_period: 600,
        proximity_alert_radius: 300,
        horizontal_accuracy: 20,
      },
      reply_markup: keyboard,
      edit_date: expect.any(Number),
    });
    expect((moved as { location: object }).location).not.toHaveProperty('heading');
    expect((await seen()).location).toMatchObject({ latitude: 51.51, longitude: -0.13, live_period: 600 });

    expect(
      await errorOf(
        api.editMessageLiveLocation(user.id, sent.message_id, 51.51, -0.13, {
          horizontal_accuracy: 20,
          proximity_alert_radius: 300,
          reply_markup: keyboard,
        }),
      ),
    ).toBe(
      'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
    );

    // live_period: at most a day longer than now, or forever.
    expect(
      await errorOf(
        api.editMessageLiveLocation(user.id, sent.message_id, 51.52, -0.13, { live_period: 600 + 86_401 }),
      ),
    ).toBe('Bad Request: wrong live location period specified');
    const extended = await api.editMessageLiveLocation(user.id, sent.message_id, 51.52, -0.13, {
      live_period: 0x7fffffff,
    });
    expect(extended).toMatchObject({ location: { latitude: 51.52, live_period: 0x7fffffff } });
    expect(extended).not.toHaveProperty('reply_markup');

    const stopped = await api.stopMessageLiveLocation(user.id, sent.message_id, { reply_markup: keyboard });
    expect(stopped).toMatchObject({ message_id: sent.message_id, reply_markup: keyboard });
    expect((stopped as { location: object }).location).toEqual({ latitude: 51.52, longitude: -0.13 });
    expect((await seen()).location).toEqual({ latitude: 51.52, longitude: -0.13 });
    expect(await errorOf(api.editMessageLiveLocation(user.id, sent.message_id, 1, 2))).toBe(CANT_EDIT);
    expect(await errorOf(api.stopMessageLiveLocation(user.id, sent.message_id))).toBe(CANT_EDIT);
  });

  it('refuse a location whose live period is over on the virtual clock', async () => {
    const { api, user } = await setup();
    const sent = await api.sendLocation(user.id, 10, 20, { live_period: 60 });
    // Margins on both sides of the 60-second edge: virtual time also follows real time.
    await server.control.advanceClock(55);
    await api.editMessageLiveLocation(user.id, sent.message_id, 10.5, 20);
    await server.control.advanceClock(5);
    expect(await errorOf(api.editMessageLiveLocation(user.id, sent.message_id, 11, 20))).toBe(CANT_EDIT);
    expect(await errorOf(api.stopMessageLiveLocation(user.id, sent.message_id))).toBe(CANT_EDIT);
  });

  it('refuse what is not a live location of the bot, with the reference texts', async () => {
    const { api, user, bot: record } = await setup();
    const plain = await api.sendLocation(user.id, 10, 20);
    expect(await errorOf(api.editMessageLiveLocation(user.id, plain.message_id, 11, 20))).toBe(CANT_EDIT);
    expect(await errorOf(api.stopMessageLiveLocation(user.id, plain.message_id))).toBe(CANT_EDIT);
    const text = await api.sendMessage(user.id, 'hello');
    expect(await errorOf(api.editMessageLiveLocation(user.id, text.message_id, 11, 20))).toBe(
      'Bad Request: there is no live location in the message to edit',
    );
    const theirs = await server.control.sendLocation({
      from: user.phone_number,
      chat: `@${record.username}`,
      latitude: 1,
      longitude: 2,
      live_period: 600,
    });
    expect(await errorOf(api.editMessageLiveLocation(user.id, theirs.message_id, 11, 20))).toBe(CANT_EDIT);
    expect(await errorOf(api.editMessageLiveLocation(user.id, 99_999, 11, 20))).toBe(
      'Bad Request: message to edit not found',
    );
    const live = await api.sendLocation(user.id, 10, 20, { live_period: 600 });
    expect(await errorOf(api.editMessageLiveLocation(user.id, live.message_id, 91, 20))).toBe(
      'Bad Request: wrong location specified',
    );
    expect(
      await errorOf(api.editMessageLiveLocation(user.id, live.message_id, 11, 20, { heading: 361 })),
    ).toBe('Bad Request: wrong live location heading specified');
    expect(await errorOf(api.editMessageLiveLocationInline('no-such-message', 11, 20))).toBe(
      'Bad Request: MESSAGE_ID_INVALID',
    );
    const { body } = await callBotApi(server, record.token, 'stopMessageLiveLocation', {
      chat_id: user.id,
      message_id: live.message_id,
      reply_markup: { keyboard: [[{ text: 'no' }]] },
    });
    expect(body.description).toBe('Bad Request: inline keyboard expected');
  });

  it('move an inline live location by inline_message_id; bots in the chat get edited_message', async () => {
    const owner = await person('Owner');
    const inline = await bot('inlive', { supports_inline_queries: true });
    const reader = await bot('reader', { can_read_all_group_messages: true });
    const chat = await server.control.createChat({
      owner: owner.id,
      title: 'Meet up',
      type: 'supergroup',
      members: [reader.record.id],
    });
    await reader.updates();
    let offset = 0;
    const inlineUpdates = async (): Promise<Update[]> => {
      const list = await inline.api.getUpdates({ offset, timeout: 5 });
      if (list.length > 0) offset = list.at(-1)!.update_id + 1;
      return list;
    };
    const view = server.control.inlineQuery({
      user: owner.phone_number,
      bot: `@${inline.record.username}`,
      query: 'where',
      chat: chat.id,
      timeout: 10,
    });
    const [query] = await inlineUpdates();
    await inline.api.answerInlineQuery(query!.inline_query!.id, [
      {
        type: 'location',
        id: 'me',
        title: 'Me',
        latitude: 1,
        longitude: 2,
        live_period: 600,
        reply_markup: keyboard,
      },
    ]);
    await view;
    const chosen = await server.control.chooseInlineResult({
      user: owner.phone_number,
      query_id: query!.inline_query!.id,
      result_id: 'me',
    });
    const id = chosen.inline_message_id!;
    expect(kinds(await reader.updates())).toEqual(['message']);

    expect(await inline.api.editMessageLiveLocationInline(id, 1.5, 2.5, { reply_markup: keyboard })).toBe(
      true,
    );
    const edits = await reader.updates();
    expect(kinds(edits)).toEqual(['edited_message']);
    expect(edits[0]!.edited_message).toMatchObject({
      message_id: chosen.message.message_id,
      location: { latitude: 1.5, longitude: 2.5, live_period: 600 },
      via_bot: { id: inline.record.id },
      edit_date: expect.any(Number),
    });
    const list = await server.control.listMessages({ user: owner.phone_number, chat: chat.id });
    expect(list.at(-1)).toMatchObject({ location: { latitude: 1.5, longitude: 2.5 } });

    // Another bot cannot name the inline message.
    expect(await errorOf(reader.api.editMessageLiveLocationInline(id, 3, 4))).toBe(
      'Bad Request: MESSAGE_ID_INVALID',
    );
    expect(await inline.api.stopMessageLiveLocationInline(id)).toBe(true);
    const stopped = await reader.updates();
    expect(stopped[0]!.edited_message).toMatchObject({ location: { latitude: 1.5, longitude: 2.5 } });
    expect((stopped[0]!.edited_message as { location: object }).location).not.toHaveProperty('live_period');
    expect(await errorOf(inline.api.editMessageLiveLocationInline(id, 3, 4))).toBe(CANT_EDIT);
  });
});
