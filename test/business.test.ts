/**
 * Business accounts end to end with grammY: a person connects a bot to their account, a customer
 * writes to the account, the bot gets business_message and answers on the account's behalf (text,
 * photo, document), and the customer sees the answer from the account. Edits and deletions of the
 * customer reach the bot; rights are enforced; a disconnected connection refuses. ADR 0049.
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit, kinds } from './helpers/groups.js';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;
const parley = cliRunner(() => server);

/** A business account with a bot connected (can_reply and `rights`), and a customer. */
async function businessScene(rights: Record<string, boolean> = {}) {
  const owner = await person('Shop');
  const customer = await person('Carla');
  const helper = await bot('shophelper');
  const connection = await control().connectBusinessBot({
    user: owner.id,
    bot: helper.record.id,
    can_reply: true,
    rights,
  });
  return { owner, customer, helper, connection };
}

describe('business connections', () => {
  it('connect: the bot gets business_connection and reads it with getBusinessConnection', async () => {
    const { owner, helper, connection } = await businessScene({ can_read_messages: true });
    expect(connection).toMatchObject({
      user: { id: owner.id, first_name: 'Shop' },
      user_chat_id: owner.id,
      rights: { can_reply: true, can_read_messages: true },
      is_enabled: true,
    });
    const updates = await helper.updates();
    expect(kinds(updates)).toEqual(['business_connection']);
    expect(first(updates, 'business_connection')).toEqual(connection);
    expect(await helper.api.getBusinessConnection(connection.id)).toEqual(connection);

    // Another bot does not see it; an unknown id is not found.
    const other = await bot('other');
    expect(await failure(other.api.getBusinessConnection(connection.id))).toMatchObject({
      code: 400,
      description: 'Bad Request: business connection not found',
    });
    expect(await failure(helper.api.getBusinessConnection('nope'))).toMatchObject({
      description: 'Bad Request: business connection not found',
    });
  });

  it('a customer writes, the bot answers on the account’s behalf, the customer sees it from the account', async () => {
    const { owner, customer, helper, connection } = await businessScene();
    await helper.updates();
    await control().sendMessage({ from: customer.id, chat: owner.id, text: 'Do you ship to Oslo?' });

    const updates = await helper.updates();
    expect(kinds(updates)).toEqual(['business_message']);
    const incoming = first(updates, 'business_message');
    expect(incoming).toMatchObject({
      business_connection_id: connection.id,
      from: { id: customer.id, first_name: 'Carla' },
      chat: { id: customer.id, type: 'private', first_name: 'Carla' },
      text: 'Do you ship to Oslo?',
    });

    const answer = await helper.api.sendMessage(customer.id, 'Yes, in two days.', {
      business_connection_id: connection.id,
      reply_parameters: { message_id: incoming.message_id as number },
    });
    expect(answer).toMatchObject({
      business_connection_id: connection.id,
      from: { id: owner.id, first_name: 'Shop' },
      chat: { id: customer.id, type: 'private' },
      sender_business_bot: { id: helper.record.id, is_bot: true },
      text: 'Yes, in two days.',
      reply_to_message: { message_id: incoming.message_id },
    });

    // The customer sees the answer from the account, without the bot.
    const seen = await control().waitForMessage({ user: customer.id, chat: owner.id, timeout: 5 });
    expect(seen).toMatchObject({ from: { id: owner.id }, chat: { id: owner.id }, text: 'Yes, in two days.' });
    expect(seen).not.toHaveProperty('sender_business_bot');
    // The bot does not get its own send back.
    expect(await helper.updates()).toEqual([]);

    // Photos and documents on behalf, with the bot's own file_ids.
    const photo = await helper.api.sendPhoto(customer.id, new InputFile(png(40, 30), 'map.png'), {
      business_connection_id: connection.id,
      caption: 'Our shop',
    });
    expect(photo).toMatchObject({
      from: { id: owner.id },
      caption: 'Our shop',
      photo: [{ width: 40, height: 30 }],
    });
    // Stored as the reference stores photos: re-encoded as JPEG (ADR 0081), its size what getFile says.
    expect((await helper.api.getFile(photo.photo[0]!.file_id)).file_size).toBe(photo.photo[0]!.file_size);
    const doc = await helper.api.sendDocument(
      customer.id,
      new InputFile(Buffer.from('price list'), 'prices.txt'),
      {
        business_connection_id: connection.id,
      },
    );
    expect(doc).toMatchObject({ from: { id: owner.id }, document: { file_name: 'prices.txt' } });
    const list = await control().listMessages({ user: customer.id, chat: owner.id });
    expect(
      list.slice(-2).map((m) => [m.from?.id, m.caption ?? (m.document as { file_name: string }).file_name]),
    ).toEqual([
      [owner.id, 'Our shop'],
      [owner.id, 'prices.txt'],
    ]);
  });

  it('edits and deletions of the customer reach the bot; the owner’s own messages too', async () => {
    const { owner, customer, helper, connection } = await businessScene();
    await helper.updates();
    const sent = await control().sendMessage({ from: customer.id, chat: owner.id, text: 'one' });
    await control().editMessage({
      user: customer.id,
      chat: owner.id,
      message_id: sent.message_id,
      text: 'one!',
    });
    await control().deleteMessage({ user: customer.id, chat: owner.id, message_id: sent.message_id });
    await control().sendMessage({ from: owner.id, chat: customer.id, text: 'hello from the owner' });
    const updates = await helper.updates();
    expect(kinds(updates)).toEqual([
      'business_message',
      'edited_business_message',
      'deleted_business_messages',
      'business_message',
    ]);
    expect(first(updates, 'edited_business_message')).toMatchObject({
      business_connection_id: connection.id,
      message_id: sent.message_id,
      text: 'one!',
      edit_date: expect.any(Number),
    });
    expect(first(updates, 'deleted_business_messages')).toEqual({
      business_connection_id: connection.id,
      chat: { id: customer.id, type: 'private', first_name: 'Carla' },
      message_ids: [sent.message_id],
    });
    expect(updates[3]!.business_message).toMatchObject({
      from: { id: owner.id },
      text: 'hello from the owner',
    });
  });

  it('enforces the rights: reading, deleting, the account’s name, username, bio and gift settings', async () => {
    const { owner, customer, helper, connection } = await businessScene();
    const incoming = await control().sendMessage({ from: customer.id, chat: owner.id, text: 'hi' });
    const forbidden = { code: 400, description: 'Bad Request: BOT_ACCESS_FORBIDDEN' };
    expect(
      await failure(helper.api.readBusinessMessage(connection.id, customer.id, incoming.message_id)),
    ).toMatchObject(forbidden);
    expect(await failure(helper.api.setBusinessAccountName(connection.id, 'New', {}))).toMatchObject(
      forbidden,
    );
    expect(await failure(helper.api.setBusinessAccountBio(connection.id, 'x'))).toMatchObject(forbidden);
    expect(
      await failure(helper.api.deleteBusinessMessages(connection.id, [incoming.message_id])),
    ).toMatchObject(forbidden);

    const again = await control().connectBusinessBot({
      user: owner.id,
      bot: helper.record.id,
      rights: {
        can_reply: true,
        can_read_messages: true,
        can_delete_sent_messages: true,
        can_edit_name: true,
        can_edit_username: true,
        can_edit_bio: true,
        can_change_gift_settings: true,
      },
    });
    expect(again.id).toBe(connection.id);
    expect(await helper.api.readBusinessMessage(connection.id, customer.id, incoming.message_id)).toBe(true);
    expect(await failure(helper.api.readBusinessMessage(connection.id, customer.id, 9999))).toMatchObject({
      description: 'Bad Request: MESSAGE_ID_INVALID',
    });

    // Own messages only with can_delete_sent_messages.
    expect(
      await failure(helper.api.deleteBusinessMessages(connection.id, [incoming.message_id])),
    ).toMatchObject(forbidden);
    const own = await helper.api.sendMessage(customer.id, 'oops', { business_connection_id: connection.id });
    expect(await helper.api.deleteBusinessMessages(connection.id, [own.message_id])).toBe(true);
    expect((await control().listMessages({ user: customer.id, chat: owner.id })).map((m) => m.text)).toEqual([
      'hi',
    ]);

    expect(await helper.api.setBusinessAccountName(connection.id, 'Shop & Co', { last_name: 'Ltd' })).toBe(
      true,
    );
    const username = `shopco${owner.id % 100000}`;
    expect(await helper.api.setBusinessAccountUsername(connection.id, username)).toBe(true);
    expect(await control().getUser(owner.id)).toMatchObject({
      first_name: 'Shop & Co',
      last_name: 'Ltd',
      username,
    });
    expect(await failure(helper.api.setBusinessAccountUsername(connection.id, 'a!'))).toMatchObject({
      description: 'Bad Request: USERNAME_INVALID',
    });
    await control().createUser({
      phone_number: `+1555${String(owner.id).slice(-7)}`,
      username: `taken${owner.id % 1000}x`,
    });
    expect(
      await failure(helper.api.setBusinessAccountUsername(connection.id, `taken${owner.id % 1000}x`)),
    ).toMatchObject({ description: 'Bad Request: USERNAME_OCCUPIED' });
    expect(await helper.api.setBusinessAccountBio(connection.id, 'Bikes since 1990')).toBe(true);
    expect(await failure(helper.api.setBusinessAccountBio(connection.id, 'x'.repeat(141)))).toMatchObject({
      description: 'Bad Request: ABOUT_TOO_LONG',
    });
    const gifts = {
      unlimited_gifts: true,
      limited_gifts: false,
      unique_gifts: true,
      premium_subscription: false,
      gifts_from_channels: false,
    };
    expect(await helper.api.setBusinessAccountGiftSettings(connection.id, true, gifts)).toBe(true);
    expect(await failure(helper.api.setBusinessAccountName(connection.id, '', {}))).toMatchObject({
      description: 'Bad Request: FIRSTNAME_INVALID',
    });
  });

  it('sets and removes the account’s profile photo (getUserProfilePhotos shows it)', async () => {
    const { owner, helper, connection } = await businessScene({ can_edit_profile_photo: true });
    const photo = { type: 'static' as const, photo: new InputFile(png(64, 64), 'face.png') };
    expect(await helper.api.setBusinessAccountProfilePhoto(connection.id, photo, {})).toBe(true);
    const photos = await helper.api.getUserProfilePhotos(owner.id);
    expect(photos.total_count).toBe(1);
    expect(photos.photos[0]![0]).toMatchObject({ width: 64, height: 64 });
    expect(await helper.api.removeBusinessAccountProfilePhoto(connection.id, {})).toBe(true);
    expect((await helper.api.getUserProfilePhotos(owner.id)).total_count).toBe(0);

    const other = await businessScene();
    expect(
      await failure(
        other.helper.api.setBusinessAccountProfilePhoto(
          other.connection.id,
          { type: 'static', photo: new InputFile(png(8, 8), 'x.png') },
          {},
        ),
      ),
    ).toMatchObject({ description: 'Bad Request: BOT_ACCESS_FORBIDDEN' });
  });

  it('can_reply holds for 24 hours after the customer’s last message, on the clock', async () => {
    const { owner, customer, helper, connection } = await businessScene();
    // No message from this customer yet.
    expect(
      await failure(helper.api.sendMessage(customer.id, 'hello?', { business_connection_id: connection.id })),
    ).toMatchObject({ description: 'Bad Request: chat not found' });
    await control().sendMessage({ from: customer.id, chat: owner.id, text: 'hi' });
    await helper.api.sendMessage(customer.id, 'hello!', { business_connection_id: connection.id });
    await control().advanceClock(24 * 3600 + 1);
    expect(
      await failure(helper.api.sendMessage(customer.id, 'late', { business_connection_id: connection.id })),
    ).toMatchObject({ description: 'Bad Request: BOT_ACCESS_FORBIDDEN' });
  });

  it('disconnect: business_connection with is_enabled false, and the connection refuses', async () => {
    const { owner, customer, helper, connection } = await businessScene();
    await control().sendMessage({ from: customer.id, chat: owner.id, text: 'hi' });
    await helper.updates();

    const result = await parley(
      'business',
      'disconnect',
      '--user',
      owner.phone_number,
      '--bot',
      `@${helper.record.username}`,
      '--json',
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: connection.id, is_enabled: false });
    expect(first(await helper.updates(), 'business_connection')).toMatchObject({
      id: connection.id,
      is_enabled: false,
    });
    expect(await helper.api.getBusinessConnection(connection.id)).toMatchObject({ is_enabled: false });
    expect(
      await failure(
        helper.api.sendMessage(customer.id, 'still here', { business_connection_id: connection.id }),
      ),
    ).toMatchObject({
      code: 400,
      description: 'Bad Request: BUSINESS_CONNECTION_INVALID',
    });
    // The customer's messages no longer reach the bot.
    await control().sendMessage({ from: customer.id, chat: owner.id, text: 'anyone?' });
    expect(await helper.updates()).toEqual([]);
    expect(
      await controlFailure(control().disconnectBusinessBot({ user: owner.id, bot: helper.record.id })),
    ).toMatchObject({
      status: 404,
      code: 'BUSINESS_CONNECTION_NOT_FOUND',
    });

    // parley business connect again, with --can-reply: the same connection, enabled.
    const back = await parley(
      'business',
      'connect',
      '--user',
      owner.phone_number,
      '--bot',
      `@${helper.record.username}`,
      '--can-reply',
      '--json',
    );
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({
      id: connection.id,
      is_enabled: true,
      rights: { can_reply: true },
    });
    const plain = await parley(
      'business',
      'connect',
      '--user',
      owner.phone_number,
      '--bot',
      `@${helper.record.username}`,
    );
    expect(plain.stdout).toMatch(/^connected /);
  });

  it('connecting another bot disconnects the first', async () => {
    const { owner, customer, helper, connection } = await businessScene();
    const next = await bot('nexthelper');
    await helper.updates();
    const second = await control().connectBusinessBot({
      user: owner.id,
      bot: next.record.id,
      can_reply: true,
    });
    expect(second.id).not.toBe(connection.id);
    expect(first(await helper.updates(), 'business_connection')).toMatchObject({ is_enabled: false });
    await control().sendMessage({ from: customer.id, chat: owner.id, text: 'who answers?' });
    expect(await helper.updates()).toEqual([]);
    expect(kinds(await next.updates())).toEqual(['business_connection', 'business_message']);
  });
});
