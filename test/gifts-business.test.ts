/**
 * Gifts of business accounts, handled by their connected bot with grammY (convertGiftToStars,
 * upgradeGift, transferGift, with the connection's rights), and gifts to channels (getChatGifts).
 * ADR 0050, ADR 0049.
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit } from './helpers/groups.js';
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

/** A business account with a bot connected (with `rights`), and a friend who gives gifts. */
async function scene(rights: Record<string, boolean>) {
  const owner = await person('Bea');
  const friend = await person('Finn');
  const helper = await bot('concierge');
  const connection = await control().connectBusinessBot({ user: owner.id, bot: helper.record.id, rights });
  await helper.updates();
  await control().grantStars({ user: friend.id, amount: 500 });
  const gifts = (await helper.api.getAvailableGifts()).gifts;
  return { owner, friend, helper, connection, gifts };
}

describe('gifts of business accounts', () => {
  it('the bot hears the gift with owned_gift_id and converts it to Stars on the account', async () => {
    const { owner, friend, helper, connection, gifts } = await scene({ can_convert_gifts_to_stars: true });
    const rose = gifts.find((gift) => gift.star_count === 25)!;
    await control().giveGift({ user: friend.id, to: owner.id, gift_id: rose.id });

    const message = first(await helper.updates(), 'business_message');
    expect(message).toMatchObject({
      business_connection_id: connection.id,
      from: { id: friend.id },
      gift: { gift: { id: rose.id }, owned_gift_id: expect.any(String), convert_star_count: 21 },
    });
    const ownedId = (message.gift as { owned_gift_id: string }).owned_gift_id;

    expect(await failure(helper.api.convertGiftToStars('nope', ownedId))).toMatchObject({
      description: 'Bad Request: business connection not found',
    });
    expect(await helper.api.convertGiftToStars(connection.id, ownedId)).toBe(true);
    expect(await control().getStarBalance({ user: owner.id })).toMatchObject({ amount: 21 });
    expect(await helper.api.getUserGifts(owner.id)).toEqual({ total_count: 0, gifts: [] });
    expect(await failure(helper.api.convertGiftToStars(connection.id, ownedId))).toMatchObject({
      description: 'Bad Request: STARGIFT_NOT_FOUND',
    });
  });

  it('upgrades a prepaid gift to a unique one and transfers it for 25 Stars, with unique_gift messages', async () => {
    const { owner, friend, helper, connection, gifts } = await scene({
      can_transfer_and_upgrade_gifts: true,
      can_transfer_stars: true,
    });
    const heart = gifts.find((gift) => gift.star_count === 15 && gift.upgrade_star_count === 25)!;
    await control().giveGift({ user: friend.id, to: owner.id, gift_id: heart.id, pay_for_upgrade: true });
    // 15 for the gift and 25 for its upgrade.
    expect(await control().getStarBalance({ user: friend.id })).toMatchObject({ amount: 460 });
    const received = first(await helper.updates(), 'business_message');
    expect(received.gift).toMatchObject({ prepaid_upgrade_star_count: 25, can_be_upgraded: true });
    const ownedId = (received.gift as { owned_gift_id: string }).owned_gift_id;

    // Prepaid: star_count must be 0.
    expect(
      await failure(helper.api.upgradeGift(connection.id, ownedId, { star_count: 25 } as never)),
    ).toMatchObject({
      description: 'Bad Request: STARS_AMOUNT_INVALID',
    });
    expect(
      await helper.api.upgradeGift(connection.id, ownedId, { keep_original_details: true } as never),
    ).toBe(true);
    const upgraded = first(await helper.updates(), 'business_message');
    expect(upgraded.unique_gift).toMatchObject({
      origin: 'upgrade',
      owned_gift_id: ownedId,
      gift: {
        gift_id: heart.id,
        base_name: 'Heart',
        number: expect.any(Number),
        model: { name: expect.any(String), sticker: { file_id: expect.any(String) } },
        symbol: { name: expect.any(String) },
        backdrop: { colors: { center_color: expect.any(Number) } },
      },
    });
    const owned = await helper.api.getUserGifts(owner.id);
    expect(owned.gifts[0]).toMatchObject({ type: 'unique', sender_user: { id: friend.id } });

    // The transfer costs 25 Stars from the account's balance.
    expect(await failure(helper.api.transferGift(connection.id, ownedId, friend.id, 25))).toMatchObject({
      description: 'Bad Request: BALANCE_TOO_LOW',
    });
    await control().grantStars({ user: owner.id, amount: 30 });
    expect(await failure(helper.api.transferGift(connection.id, ownedId, friend.id, 0))).toMatchObject({
      description: 'Bad Request: STARS_AMOUNT_INVALID',
    });
    expect(await helper.api.transferGift(connection.id, ownedId, friend.id, 25)).toBe(true);
    expect(await control().getStarBalance({ user: owner.id })).toMatchObject({ amount: 5 });
    const theirs = await control().listGifts({ user: friend.id });
    expect(theirs.gifts).toMatchObject([
      { type: 'unique', owned_gift_id: ownedId, sender_user: { id: owner.id } },
    ]);
    expect((await helper.api.getUserGifts(owner.id)).total_count).toBe(0);
    const [notice] = await control().listMessages({ user: friend.id, chat: owner.id, limit: 1 });
    expect(notice!.unique_gift).toMatchObject({ origin: 'transfer', gift: { gift_id: heart.id } });
  });

  it('refuses without the rights of the connection', async () => {
    const { owner, friend, helper, connection, gifts } = await scene({ can_reply: true });
    const heart = gifts.find((gift) => gift.upgrade_star_count === 25)!;
    await control().giveGift({ user: friend.id, to: owner.id, gift_id: heart.id });
    const [gift] = (await control().listGifts({ user: owner.id })).gifts;
    for (const call of [
      helper.api.convertGiftToStars(connection.id, gift!.owned_gift_id!),
      helper.api.upgradeGift(connection.id, gift!.owned_gift_id!, { star_count: 25 } as never),
    ]) {
      expect(await failure(call)).toMatchObject({
        code: 400,
        description: expect.stringContaining('BOT_ACCESS_FORBIDDEN'),
      });
    }
    expect((await control().listGifts({ user: owner.id })).gifts).toHaveLength(1);
  });

  it('refuses the kinds of gifts the account does not accept (accepted_gift_types)', async () => {
    const { owner, friend, helper, connection, gifts } = await scene({ can_change_gift_settings: true });
    await helper.api.setBusinessAccountGiftSettings(connection.id, true, {
      unlimited_gifts: false,
      limited_gifts: true,
      unique_gifts: true,
      premium_subscription: true,
      gifts_from_channels: true,
    });
    const rose = gifts.find((gift) => gift.star_count === 25)!;
    await expect(
      control().giveGift({ user: friend.id, to: owner.id, gift_id: rose.id }),
    ).rejects.toMatchObject({
      status: 400,
      error: 'GIFT_INVALID',
    });
    expect(await control().getStarBalance({ user: friend.id })).toMatchObject({ amount: 500 });
  });

  it('sends unlimited gifts to a channel: the gift message in the channel, getChatGifts', async () => {
    const owner = await person('Chan');
    const giver = await bot('chanfan');
    const channel = await control().createChat({ owner: owner.id, title: 'Gifted', type: 'channel' });
    const fan = await person('Fan');
    await control().sendMessage({ from: fan.id, chat: `@${giver.record.username}`, text: 'hi' });
    const { gifts } = await giver.api.getAvailableGifts();
    // Fund the bot: the fan buys its paid media.
    const sent = await giver.api.sendPaidMedia(fan.id, 60, [
      { type: 'photo', media: new InputFile(png(4, 4), 'p.png') },
    ]);
    await control().grantStars({ user: fan.id, amount: 60 });
    await control().buyPaidMedia({
      user: fan.id,
      chat: `@${giver.record.username}`,
      message_id: sent.message_id,
    });

    const limited = gifts.find((gift) => gift.total_count !== undefined)!;
    expect(await failure(giver.api.sendGiftToChannel(channel.id, limited.id))).toMatchObject({
      description: "Bad Request: limited gifts can't be sent to channel chats",
    });
    const rose = gifts.find((gift) => gift.star_count === 25)!;
    expect(await giver.api.sendGiftToChannel(channel.id, rose.id)).toBe(true);
    expect(await giver.api.getMyStarBalance()).toEqual({ amount: 35 });
    expect((await giver.api.getStarTransactions()).transactions.at(-1)).toMatchObject({
      receiver: { type: 'chat', chat: { id: channel.id }, gift: { id: rose.id } },
    });
    const [post] = await control().listMessages({ user: owner.id, chat: channel.id, limit: 1 });
    expect(post).toMatchObject({ sender_chat: { id: channel.id }, gift: { gift: { id: rose.id } } });
    const owned = await giver.api.getChatGifts(channel.id);
    expect(owned).toMatchObject({ total_count: 1, gifts: [{ type: 'regular', gift: { id: rose.id } }] });
  });
});
