/**
 * A business account's Stars and gifts through its connected bot, with grammY, on the one Stars
 * ledger: getBusinessAccountStarBalance, transferBusinessAccountStars (the account pays the bot),
 * getBusinessAccountGifts; each within its right. ADR 0049.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;

describe("a business account's Stars and gifts", () => {
  it('reads the balance and moves Stars to the bot, within the rights', async () => {
    const owner = await person('Vendor');
    const helper = await bot('treasurer');
    const connection = await control().connectBusinessBot({
      user: owner.id,
      bot: helper.record.id,
      rights: { can_reply: true },
    });
    await control().grantStars({ user: owner.id, amount: 100 });

    const forbidden = { code: 400, description: 'Bad Request: BOT_ACCESS_FORBIDDEN' };
    expect(await failure(helper.api.getBusinessAccountStarBalance(connection.id))).toMatchObject(forbidden);
    expect(await failure(helper.api.transferBusinessAccountStars(connection.id, 10))).toMatchObject(
      forbidden,
    );
    expect(await failure(helper.api.getBusinessAccountGifts(connection.id, {}))).toMatchObject(forbidden);

    await control().connectBusinessBot({
      user: owner.id,
      bot: helper.record.id,
      rights: { can_view_gifts_and_stars: true, can_transfer_stars: true },
    });
    expect(await helper.api.getBusinessAccountStarBalance(connection.id)).toEqual({ amount: 100 });
    expect(await helper.api.transferBusinessAccountStars(connection.id, 30)).toBe(true);
    expect(await helper.api.getBusinessAccountStarBalance(connection.id)).toEqual({ amount: 70 });
    expect(await helper.api.getMyStarBalance()).toEqual({ amount: 30 });
    const [transaction] = (await helper.api.getStarTransactions({})).transactions;
    expect(transaction).toMatchObject({
      amount: 30,
      source: { type: 'user', transaction_type: 'business_account_transfer', user: { id: owner.id } },
    });

    // A short balance changes nothing; star_count out of range is refused.
    expect(await failure(helper.api.transferBusinessAccountStars(connection.id, 71))).toMatchObject({
      description: 'Bad Request: BALANCE_TOO_LOW',
    });
    expect(await failure(helper.api.transferBusinessAccountStars(connection.id, 0))).toMatchObject({
      description: 'Bad Request: star_count must be between 1 and 10000',
    });
    expect(await control().getStarBalance({ user: owner.id })).toMatchObject({ amount: 70 });
  });

  it("lists the account's gifts as its own (OwnedGifts), within can_view_gifts_and_stars", async () => {
    const owner = await person('Vendor');
    const helper = await bot('giftview');
    const connection = await control().connectBusinessBot({
      user: owner.id,
      bot: helper.record.id,
      rights: { can_view_gifts_and_stars: true },
    });
    expect(await helper.api.getBusinessAccountGifts(connection.id, {})).toEqual({
      total_count: 0,
      gifts: [],
    });
    expect(await failure(helper.api.getBusinessAccountGifts('nope', {}))).toMatchObject({
      description: 'Bad Request: business connection not found',
    });
  });
});
