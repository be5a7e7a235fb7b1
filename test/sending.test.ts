/**
 * Forwarding, copying, locations, venues and contacts over real HTTP with grammY's Api: every kind
 * of forward_origin, the first origin kept by a forward of a forward, captions replaced or removed
 * by copies; each refusal answers the reference's text and stores no message.
 */
import type { Api } from 'grammy';
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, type TestServer } from './helpers/in-process.js';
import { png } from './helpers/media-bytes.js';
import { expectRefused, startSendingScene, type Person, type SendingScene } from './helpers/sending-scene.js';
import { forwardsHiddenSetting } from '../src/platform/messages/forwards.js';
import type { ChatRow } from '../src/storage/store.js';

let server: TestServer;
let api: Api;
let token: string;
let botId: number;
let botName: string;
let alice: Person;
let bob: Person;
let say: SendingScene['say'];
let storesNothing: SendingScene['storesNothing'];

beforeAll(async () => {
  ({ server, api, token, botId, botName, alice, bob, say, storesNothing } =
    await startSendingScene('sending'));
});
afterAll(async () => {
  await server.close();
});

const store = () => server.parley.platform.deps.store;

describe('forwardMessage and forwardMessages', () => {
  it('forwards with the sender as origin, and a forward of a forward keeps the first origin', async () => {
    const original = await say(alice, 'hello from Alice');
    const forward = await api.forwardMessage(bob.id, alice.id, original);
    expect(forward.text).toBe('hello from Alice');
    expect(forward.chat.id).toBe(bob.id);
    expect(forward.forward_origin).toEqual({
      type: 'user',
      sender_user: { id: alice.id, is_bot: false, first_name: 'Alice', last_name: 'Test' },
      date: expect.any(Number),
    });
    const seen = await server.control.waitForMessage({ user: bob.phone, chat: `@${botName}`, timeout: 5 });
    expect(seen.message_id).toBe(forward.message_id);
    expect(seen.forward_origin).toEqual(forward.forward_origin);
    // The reference's legacy fields beside forward_origin (ADR 0072), as older code reads them.
    const legacy = {
      forward_from: { id: alice.id, is_bot: false, first_name: 'Alice', last_name: 'Test' },
      forward_date: forward.forward_origin!.date,
    };
    expect(forward).toMatchObject(legacy);
    expect(seen).toMatchObject(legacy);
    expect(forward).not.toHaveProperty('forward_from_chat');

    const again = await api.forwardMessage(alice.id, bob.id, forward.message_id);
    expect(again.forward_origin).toEqual(forward.forward_origin);
  });

  it('shows only the name of a sender who hides their account in forwards', async () => {
    await store().write(async (tx) => tx.setSetting(forwardsHiddenSetting(alice.id), '1'));
    try {
      const forward = await api.forwardMessage(bob.id, alice.id, await say(alice, 'private person'));
      expect(forward.forward_origin).toEqual({
        type: 'hidden_user',
        sender_user_name: 'Alice Test',
        date: expect.any(Number),
      });
      expect(forward).toMatchObject({
        forward_sender_name: 'Alice Test',
        forward_date: forward.forward_origin!.date,
      });
      expect(forward).not.toHaveProperty('forward_from');
    } finally {
      await store().write(async (tx) => tx.setSetting(forwardsHiddenSetting(alice.id), '0'));
    }
  });

  it('gives channel posts and posts on behalf of a chat their chat as origin', async () => {
    const channel = await chatWithBot('channel', 'News');
    const supergroup = await chatWithBot('supergroup', 'Club');
    const post = await insertMessage(channel, botId, { text: 'breaking', author_signature: 'Ed' });
    const anonymous = await insertMessage(supergroup, null, {
      text: 'from the admins',
      sender_chat: { id: supergroup.id, type: 'supergroup', title: 'Club' },
    });
    const fromChannel = await api.forwardMessage(bob.id, channel.id!, post);
    expect(fromChannel.forward_origin).toEqual({
      type: 'channel',
      chat: { id: channel.id, type: 'channel', title: 'News' },
      message_id: post,
      author_signature: 'Ed',
      date: expect.any(Number),
    });
    expect(fromChannel).toMatchObject({
      forward_from_chat: { id: channel.id, type: 'channel', title: 'News' },
      forward_from_message_id: post,
      forward_signature: 'Ed',
      forward_date: fromChannel.forward_origin!.date,
    });
    const fromChat = await api.forwardMessage(bob.id, supergroup.id!, anonymous);
    expect(fromChat.forward_origin).toEqual({
      type: 'chat',
      sender_chat: { id: supergroup.id, type: 'supergroup', title: 'Club' },
      date: expect.any(Number),
    });
    expect(fromChat).toMatchObject({
      forward_from_chat: { id: supergroup.id, type: 'supergroup', title: 'Club' },
      forward_date: fromChat.forward_origin!.date,
    });
    expect(fromChat).not.toHaveProperty('forward_from_message_id');
  });

  it('forwards many, skipping what is missing, in increasing order', async () => {
    const first = await say(alice, 'one');
    const second = await say(alice, 'two');
    const ids = await api.forwardMessages(bob.id, alice.id, [second, 999_999, first]);
    expect(ids).toHaveLength(2);
    expect(Object.keys(ids[0]!)).toEqual(['message_id']);
    const last = await server.control.listMessages({ user: bob.phone, chat: `@${botName}`, limit: 2 });
    expect(last.map((m) => [m.message_id, m.text])).toEqual([
      [ids[0]!.message_id, 'one'],
      [ids[1]!.message_id, 'two'],
    ]);
  });

  it('keeps albums together in a new album, and a lone forward outside any album', async () => {
    const album = (await api.sendMediaGroup(alice.id, [
      { type: 'photo', media: new InputFile(png(3, 3), 'a.png') },
      { type: 'photo', media: new InputFile(png(4, 4), 'b.png') },
    ])) as unknown as Array<{ message_id: number; media_group_id: string }>;
    const ids = await api.forwardMessages(
      bob.id,
      alice.id,
      album.map((m) => m.message_id),
    );
    const forwarded = await server.control.listMessages({ user: bob.phone, chat: `@${botName}`, limit: 2 });
    expect(forwarded.map((m) => m.message_id)).toEqual(ids.map((m) => m.message_id));
    expect(forwarded[0]!.media_group_id).toMatch(/^\d+$/);
    expect(forwarded[1]!.media_group_id).toBe(forwarded[0]!.media_group_id);
    expect(forwarded[0]!.media_group_id).not.toBe(album[0]!.media_group_id);
    const lone = await api.forwardMessage(bob.id, alice.id, album[0]!.message_id);
    expect(lone).not.toHaveProperty('media_group_id');
    expect(lone.photo).toEqual((album[0] as unknown as { photo: unknown }).photo);
  });

  it('refuses with the reference texts and stores nothing', async () => {
    const protectedId = (await api.sendMessage(alice.id, 'secret', { protect_content: true })).message_id;
    await storesNothing(async () => {
      await expectRefused(
        api.forwardMessage(bob.id, alice.id, 999_999),
        'Bad Request: message to forward not found',
      );
      await expectRefused(
        api.forwardMessage(bob.id, alice.id, protectedId),
        "Bad Request: the message can't be forwarded",
      );
      await expectRefused(api.forwardMessage(bob.id, 123_456, protectedId), 'Bad Request: chat not found');
      const noSource = await callBotApi(server, token, 'forwardMessage', { chat_id: bob.id, message_id: 1 });
      expect(noSource.body.description).toBe('Bad Request: parameter "from_chat_id" is required');
      const many = Array.from({ length: 101 }, (_, i) => i + 1);
      await expectRefused(
        api.forwardMessages(bob.id, alice.id, many),
        'Bad Request: too many message identifiers specified',
      );
      await expectRefused(
        api.forwardMessages(bob.id, alice.id, []),
        'Bad Request: message identifiers are not specified',
      );
      const bad = await callBotApi(server, token, 'forwardMessages', {
        chat_id: bob.id,
        from_chat_id: alice.id,
        message_ids: '[1,',
      });
      expect(bad.body.description).toBe("Bad Request: can't parse message_ids JSON object");
      await expectRefused(
        api.forwardMessages(bob.id, alice.id, [0]),
        'Bad Request: invalid message identifier specified',
      );
    });
    // Protected content can still be copied by the bot.
    expect((await api.copyMessage(bob.id, alice.id, protectedId)).message_id).toBeGreaterThan(0);
  });
});

describe('copyMessage and copyMessages', () => {
  it('copies without a link, with a new keyboard, and replaces or removes a caption', async () => {
    const text = await say(alice, 'copy me');
    const copy = await api.copyMessage(bob.id, alice.id, text, {
      reply_markup: { inline_keyboard: [[{ text: 'ok', callback_data: 'ok' }]] },
    });
    expect(Object.keys(copy)).toEqual(['message_id']);
    const seen = await server.control.waitForMessage({
      user: bob.phone,
      chat: `@${botName}`,
      timeout: 5,
      after_message_id: copy.message_id - 1,
    });
    expect(seen.text).toBe('copy me');
    expect(seen.forward_origin).toBeUndefined();
    expect(seen.reply_markup).toEqual({ inline_keyboard: [[{ text: 'ok', callback_data: 'ok' }]] });

    const photo = await api.sendPhoto(alice.id, new InputFile(png(2, 2), 'p.png'), { caption: 'old' });
    await api.copyMessage(bob.id, alice.id, photo.message_id, { caption: '<b>new</b>', parse_mode: 'HTML' });
    const [withNew] = await server.control.listMessages({ user: bob.phone, chat: `@${botName}`, limit: 1 });
    expect(withNew).toMatchObject({
      caption: 'new',
      caption_entities: [{ type: 'bold', offset: 0, length: 3 }],
    });
    // The same file; Bob sees it by his own file_id, not the bot's (ADR 0040).
    const bobsPhoto = (withNew!.photo as Array<{ file_id: string; file_unique_id: string }>)[0]!;
    expect(bobsPhoto.file_unique_id).toBe(photo.photo[0]!.file_unique_id);
    expect(bobsPhoto.file_id).not.toBe(photo.photo[0]!.file_id);

    const removed = await callBotApi(server, token, 'copyMessage', {
      chat_id: bob.id,
      from_chat_id: alice.id,
      message_id: photo.message_id,
      caption: '',
    });
    expect(removed.status).toBe(200);
    const [withNone] = await server.control.listMessages({ user: bob.phone, chat: `@${botName}`, limit: 1 });
    expect(withNone!.caption).toBeUndefined();

    const ids = await api.copyMessages(bob.id, alice.id, [photo.message_id, 999_999], {
      remove_caption: true,
    });
    expect(ids).toHaveLength(1);
    const [copied] = await server.control.listMessages({ user: bob.phone, chat: `@${botName}`, limit: 1 });
    expect(copied!.caption).toBeUndefined();
    expect(copied!.photo).toBeDefined();
  });

  it('refuses a missing message and stores nothing', async () => {
    await storesNothing(async () => {
      await expectRefused(
        api.copyMessage(bob.id, alice.id, 999_999),
        'Bad Request: message to copy not found',
      );
    });
  });
});

describe('sendLocation, sendVenue, sendContact', () => {
  it('sends points and live locations in the reference shape', async () => {
    const point = await api.sendLocation(alice.id, 52.52, 13.405, { horizontal_accuracy: 2000 });
    expect(point.location).toEqual({ latitude: 52.52, longitude: 13.405, horizontal_accuracy: 1500 });
    const live = await api.sendLocation(alice.id, -33.9, 18.4, {
      live_period: 600,
      heading: 90,
      proximity_alert_radius: 100,
    });
    expect(live.location).toEqual({
      latitude: -33.9,
      longitude: 18.4,
      live_period: 600,
      heading: 90,
      proximity_alert_radius: 100,
    });
    await storesNothing(async () => {
      await expectRefused(api.sendLocation(alice.id, 91, 0), 'Bad Request: wrong location specified');
      await expectRefused(
        api.sendLocation(alice.id, 1, 1, { live_period: 30 }),
        'Bad Request: wrong live location period specified',
      );
      await expectRefused(
        api.sendLocation(alice.id, 1, 1, { live_period: 60, heading: 361 }),
        'Bad Request: wrong live location heading specified',
      );
      await expectRefused(
        api.sendLocation(alice.id, 1, 1, { live_period: 60, proximity_alert_radius: 100_001 }),
        'Bad Request: wrong live location proximity alert radius specified',
      );
      const noLatitude = await callBotApi(server, token, 'sendLocation', { chat_id: alice.id, longitude: 1 });
      expect(noLatitude.body.description).toBe('Bad Request: latitude is empty');
    });
  });

  it('names venue providers with the spec fields and the reference ones, from either parameter name', async () => {
    const raw = await callBotApi(server, token, 'sendVenue', {
      chat_id: alice.id,
      latitude: 48.8584,
      longitude: 2.2945,
      title: 'Tower',
      address: 'Champ de Mars',
      venueprovider2_place_id: 'g-1',
      venueprovider2_place_type: 'tourist_attraction',
    });
    const message = raw.body.result as Record<string, unknown>;
    expect(message.venue).toEqual({
      location: { latitude: 48.8584, longitude: 2.2945 },
      title: 'Tower',
      address: 'Champ de Mars',
      venueprovider2_place_id: 'g-1',
      google_place_id: 'g-1',
      venueprovider2_place_type: 'tourist_attraction',
      google_place_type: 'tourist_attraction',
    });
    expect(message.location).toEqual({ latitude: 48.8584, longitude: 2.2945 });
    const legacy = await api.sendVenue(alice.id, 1, 2, 'Cafe', 'Main St', {
      foursquare_id: 'f-1',
      foursquare_type: 'food/cafe',
    });
    // Both names, as bots written for the reference read `foursquare_id` (ADR 0072).
    expect(legacy.venue).toMatchObject({
      venueprovider1_id: 'f-1',
      foursquare_id: 'f-1',
      venueprovider1_type: 'food/cafe',
      foursquare_type: 'food/cafe',
    });
    expect(legacy.venue).not.toHaveProperty('google_place_id');
  });

  it('sends contacts, with user_id for numbers of people on Parley', async () => {
    const known = await api.sendContact(alice.id, bob.phone, 'Bob', { vcard: 'BEGIN:VCARD\nEND:VCARD' });
    expect(known.contact).toEqual({
      phone_number: bob.phone,
      first_name: 'Bob',
      vcard: 'BEGIN:VCARD\nEND:VCARD',
      user_id: bob.id,
    });
    const unknown = await api.sendContact(alice.id, '+10000000000', 'Nobody', { last_name: 'X' });
    expect(unknown.contact).toEqual({ phone_number: '+10000000000', first_name: 'Nobody', last_name: 'X' });
    await storesNothing(async () => {
      await expectRefused(
        api.sendContact(alice.id, '+1', 'V', { vcard: 'x'.repeat(2049) }),
        'Bad Request: vcard is too long',
      );
      const noPhone = await callBotApi(server, token, 'sendContact', { chat_id: alice.id, first_name: 'A' });
      expect(noPhone.body.description).toBe('Bad Request: parameter "phone_number" is required');
    });
  });
});

/** A group-like chat with the bot as an administrator, created in storage. */
async function chatWithBot(type: 'channel' | 'supergroup', title: string): Promise<ChatRow> {
  const id = -1_000_000_000_000 - Math.floor(Math.random() * 1_000_000_000);
  return store().write(async (tx) => {
    const row = {
      id,
      type,
      title,
      username: null,
      description: null,
      user_a: null,
      user_b: null,
      last_message_id: 0,
      created_at: server.parley.platform.deps.clock.now(),
    } as Omit<ChatRow, 'pk'>;
    const pk = await tx.insertChat(row);
    await tx.upsertMember({
      chat_pk: pk,
      user_id: botId,
      status: 'administrator',
      data: '{}',
      updated_at: 0,
    });
    return { pk, ...row };
  });
}

async function insertMessage(chat: ChatRow, senderId: number | null, content: object): Promise<number> {
  return store().write(async (tx) => {
    const messageId = await tx.nextMessageId(chat.pk);
    await tx.insertMessage({
      chat_pk: chat.pk,
      message_id: messageId,
      sender_id: senderId,
      date: server.parley.platform.deps.clock.now(),
      edit_date: null,
      body: JSON.stringify(content),
    });
    return messageId;
  });
}
