/**
 * Gifts end to end with grammY and people acting through the control API: the catalogue, a bot
 * sending a gift from its Star balance (the `gift` service message, the ledger row, getUserGifts),
 * a person's gift converted to Stars, Premium for Stars, limits and refusals. ADR 0050.
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit, type TestBot } from './helpers/groups.js';
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

type Gift = { id: string; star_count: number; total_count?: number; name?: string };

/** A bot with `stars` Stars: a person buys its paid media for that much. */
async function fundedBot(name: string, stars: number): Promise<TestBot> {
  const funded = await bot(name);
  const fan = await person('Fan');
  const chat = `@${funded.record.username}`;
  await control().sendMessage({ from: fan.id, chat, text: 'hi' });
  const sent = await funded.api.sendPaidMedia(fan.id, stars, [
    { type: 'photo', media: new InputFile(png(4, 4), 'p.png') },
  ]);
  await control().grantStars({ user: fan.id, amount: stars });
  await control().buyPaidMedia({ user: fan.id, chat, message_id: sent.message_id });
  await funded.updates();
  return funded;
}

async function catalogue(api: TestBot['api']): Promise<Gift[]> {
  return (await api.getAvailableGifts()).gifts as Gift[];
}

describe('gifts', () => {
  it('lists the catalogue with stickers the bot can download and limited counts', async () => {
    const seller = await bot('catalogue');
    const gifts = (await seller.api.getAvailableGifts()).gifts;
    expect(gifts.length).toBeGreaterThanOrEqual(6);
    for (const gift of gifts) {
      expect(gift).toMatchObject({
        id: expect.stringMatching(/^\d{19}$/),
        star_count: expect.any(Number),
        sticker: { type: 'regular', width: 512, height: 512, is_animated: false, is_video: false },
      });
    }
    const limited = gifts.find((gift) => gift.total_count !== undefined)!;
    expect(limited.remaining_count).toBeLessThanOrEqual(limited.total_count!);
    expect(limited.personal_total_count).toBeGreaterThan(0);
    const file = await seller.api.getFile(gifts[0]!.sticker.file_id);
    expect(file.file_size).toBeGreaterThan(0);
  });

  it('sends a gift from the bot’s Stars: gift service message, gift_purchase row, getUserGifts; not convertible', async () => {
    const giver = await fundedBot('giver', 100);
    const friend = await person('Gina');
    await control().sendMessage({ from: friend.id, chat: `@${giver.record.username}`, text: 'hi' });
    const heart = (await catalogue(giver.api)).find((gift) => gift.star_count === 15)!;

    expect(
      await giver.api.sendGift(friend.id, heart.id, { text: 'For *you*', text_parse_mode: 'Markdown' }),
    ).toBe(true);
    expect(await giver.api.getMyStarBalance()).toEqual({ amount: 85 });
    const { transactions } = await giver.api.getStarTransactions();
    expect(transactions.at(-1)).toMatchObject({
      amount: 15,
      receiver: {
        type: 'user',
        transaction_type: 'gift_purchase',
        user: { id: friend.id },
        gift: { id: heart.id },
      },
    });

    // The person sees the gift service message from the bot.
    const [message] = await control().listMessages({
      user: friend.id,
      chat: `@${giver.record.username}`,
      limit: 1,
    });
    expect(message).toMatchObject({
      from: { id: giver.record.id },
      gift: {
        gift: { id: heart.id, star_count: 15, sticker: { file_id: expect.any(String) } },
        can_be_upgraded: true,
        text: 'For you',
        entities: [{ type: 'bold', offset: 4, length: 3 }],
      },
    });
    expect(message!.gift).not.toHaveProperty('convert_star_count');

    // getUserGifts shows it (no owned_gift_id: that is for business accounts).
    const owned = await giver.api.getUserGifts(friend.id);
    expect(owned.total_count).toBe(1);
    expect(owned.gifts[0]).toMatchObject({
      type: 'regular',
      gift: { id: heart.id },
      sender_user: { id: giver.record.id },
      text: 'For you',
    });
    expect(owned.gifts[0]).not.toHaveProperty('owned_gift_id');

    // The person sees owned_gift_id, but a bot's gift cannot be converted to Stars.
    const mine = await control().listGifts({ user: friend.id });
    const ownedId = mine.gifts[0]!.owned_gift_id!;
    await expect(control().convertGift({ user: friend.id, owned_gift_id: ownedId })).rejects.toMatchObject({
      status: 400,
      error: 'GIFT_INVALID',
    });
  });

  it('a person’s gift is converted to Stars: balances move, ledger rows, the gift is gone', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    await control().grantStars({ user: alice.id, amount: 40 });
    const rose = (await catalogue((await bot('roses')).api)).find((gift) => gift.star_count === 25)!;

    const message = await control().giveGift({
      user: alice.id,
      to: bob.id,
      gift_id: rose.id,
      text: 'Hi Bob',
    });
    expect(message.gift).toMatchObject({ gift: { id: rose.id }, convert_star_count: 21, text: 'Hi Bob' });
    expect(await control().getStarBalance({ user: alice.id })).toMatchObject({ amount: 15 });
    expect((await control().listStarTransactions({ user: alice.id })).at(-1)).toMatchObject({
      amount: 25,
      receiver: { type: 'user', transaction_type: 'gift_purchase', user: { id: bob.id } },
    });

    const gifts = await control().listGifts({ user: bob.id });
    expect(gifts.total_count).toBe(1);
    expect(gifts.gifts[0]).toMatchObject({
      type: 'regular',
      convert_star_count: 21,
      sender_user: { id: alice.id },
    });
    const converted = await control().convertGift({
      user: bob.id,
      owned_gift_id: gifts.gifts[0]!.owned_gift_id!,
    });
    expect(converted).toEqual({ user_id: bob.id, amount: 21 });
    expect((await control().listStarTransactions({ user: bob.id })).at(-1)).toMatchObject({
      amount: 21,
      source: { type: 'other' },
    });
    expect(await control().listGifts({ user: bob.id })).toMatchObject({ total_count: 0, gifts: [] });
    // Converted once.
    await expect(
      control().convertGift({ user: bob.id, owned_gift_id: gifts.gifts[0]!.owned_gift_id! }),
    ).rejects.toMatchObject({ error: 'GIFT_INVALID' });
    expect(await control().getStarBalance({ user: bob.id })).toMatchObject({ amount: 21 });
  });

  it('refuses unknown gifts, short balances and sold-out gifts, changing nothing', async () => {
    const giver = await fundedBot('refuser', 600);
    const friend = await person('Rita');
    const gifts = await catalogue(giver.api);
    expect(await failure(giver.api.sendGift(friend.id, '123'))).toMatchObject({
      code: 400,
      description: 'Bad Request: STARGIFT_INVALID',
    });
    const comet = gifts.find((gift) => gift.total_count === 3)!;
    expect(comet.star_count).toBe(250);
    expect(await giver.api.sendGift(friend.id, comet.id)).toBe(true);
    expect(await giver.api.sendGift(friend.id, comet.id)).toBe(true);
    // The bot may buy two of these; the third is refused before any Star moves.
    expect(await failure(giver.api.sendGift(friend.id, comet.id))).toMatchObject({
      description: 'Bad Request: STARGIFT_USAGE_LIMITED',
    });
    expect(await giver.api.getMyStarBalance()).toEqual({ amount: 100 });
    const left = (await catalogue(giver.api)).find((gift) => gift.id === comet.id)!;
    expect(left).toMatchObject({ remaining_count: 1, personal_remaining_count: 0 });

    // Short of Stars (100 for the gift and 100 for its upgrade): refused, nothing taken.
    const trophy = gifts.find((gift) => gift.star_count === 100 && gift.total_count === undefined)!;
    expect(await failure(giver.api.sendGift(friend.id, trophy.id, { pay_for_upgrade: true }))).toMatchObject({
      code: 400,
      description: 'Bad Request: BALANCE_TOO_LOW',
    });
    expect(await giver.api.getMyStarBalance()).toEqual({ amount: 100 });
    expect((await giver.api.getUserGifts(friend.id)).total_count).toBe(2);
  });

  it('gifts Telegram Premium for 1000, 1500 or 2500 Stars', async () => {
    const giver = await fundedBot('premium', 1200);
    const friend = await person('Pete');
    expect(await failure(giver.api.giftPremiumSubscription(friend.id, 3, 900 as 1000))).toMatchObject({
      description: 'Bad Request: STARS_AMOUNT_INVALID',
    });
    expect(await failure(giver.api.giftPremiumSubscription(friend.id, 4 as 3, 1000))).toMatchObject({
      description: 'Bad Request: PREMIUM_GIFT_MONTHS_INVALID',
    });
    expect(await failure(giver.api.giftPremiumSubscription(friend.id, 6, 1500))).toMatchObject({
      description: 'Bad Request: BALANCE_TOO_LOW',
    });
    expect(await giver.api.giftPremiumSubscription(friend.id, 3, 1000)).toBe(true);
    expect(await giver.api.getMyStarBalance()).toEqual({ amount: 200 });
    expect((await giver.api.getStarTransactions()).transactions.at(-1)).toMatchObject({
      amount: 1000,
      receiver: { type: 'user', transaction_type: 'premium_purchase', premium_subscription_duration: 3 },
    });
    const { premium_until: until } = await control().listGifts({ user: friend.id });
    const { now } = await control().getClock();
    // 90 days from the gift; the virtual clock may have ticked a second since.
    expect(now + 90 * 24 * 60 * 60 - until!).toBeGreaterThanOrEqual(0);
    expect(now + 90 * 24 * 60 * 60 - until!).toBeLessThanOrEqual(2);
  });
});
