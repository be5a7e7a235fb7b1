/**
 * The gift and paid media commands of the CLI: `parley paid-media buy`, `parley gifts send`,
 * `parley gifts list` and `parley gifts convert`, against an in-process server whose bot uses the
 * Bot API over HTTP (grammY). ADR 0050.
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner } from './helpers/cli-runner.js';
import { groupKit } from './helpers/groups.js';
import { png } from './helpers/media-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const parley = cliRunner(() => server);
const { person, bot } = groupKit(() => server);

describe('parley gifts and paid-media', () => {
  it('buys paid media, sends a gift, lists it and converts it to Stars', async () => {
    const buyer = await person('Cleo');
    const friend = await person('Dan');
    const seller = await bot('cligift');
    const chat = `@${seller.record.username}`;
    await server.control.sendMessage({ from: buyer.id, chat, text: 'hi' });
    const sent = await seller.api.sendPaidMedia(
      buyer.id,
      10,
      [{ type: 'photo', media: new InputFile(png(6, 6), 'p.png') }],
      {
        payload: 'cli',
      },
    );
    await parley('stars', 'grant', '--user', buyer.phone_number, '--amount', '50');

    const bought = await parley(
      'paid-media',
      'buy',
      '--user',
      buyer.phone_number,
      '--chat',
      chat,
      '--message',
      String(sent.message_id),
      '--json',
    );
    expect(bought.code).toBe(0);
    const outcome = JSON.parse(bought.stdout) as {
      status: string;
      message: { paid_media: { paid_media: Array<{ type: string }> } };
    };
    expect(outcome.status).toBe('paid');
    expect(outcome.message.paid_media.paid_media).toEqual([expect.objectContaining({ type: 'photo' })]);
    expect(
      (
        await parley(
          'paid-media',
          'buy',
          '--user',
          buyer.phone_number,
          '--chat',
          chat,
          '--message',
          String(sent.message_id),
        )
      ).code,
    ).not.toBe(0);

    // `parley pay` pays paid media too; a balance that does not cover it fails the payment.
    const pricey = await seller.api.sendPaidMedia(buyer.id, 5, [
      { type: 'photo', media: new InputFile(png(7, 7), 'q.png') },
    ]);
    const paid = await parley(
      'pay',
      '--user',
      buyer.phone_number,
      '--chat',
      chat,
      '--message',
      String(pricey.message_id),
      '--json',
    );
    expect(paid.code).toBe(0);
    expect(JSON.parse(paid.stdout)).toMatchObject({
      status: 'paid',
      message: { paid_media: { star_count: 5 } },
    });
    const dear = await seller.api.sendPaidMedia(buyer.id, 500, [
      { type: 'photo', media: new InputFile(png(9, 9), 'r.png') },
    ]);
    const short = await parley(
      'pay',
      '--user',
      buyer.phone_number,
      '--chat',
      chat,
      '--message',
      String(dear.message_id),
      '--json',
    );
    expect(JSON.parse(short.stdout)).toMatchObject({ status: 'failed' });

    const { gifts } = await seller.api.getAvailableGifts();
    const rose = gifts.find((gift) => gift.star_count === 25)!;
    const given = await parley(
      'gifts',
      'send',
      '--user',
      buyer.phone_number,
      '--to',
      friend.phone_number,
      '--gift',
      rose.id,
      '--text',
      'hey',
      '--json',
    );
    expect(given.code).toBe(0);
    expect(JSON.parse(given.stdout)).toMatchObject({ gift: { gift: { id: rose.id }, text: 'hey' } });

    const listed = await parley('gifts', 'list', '--user', friend.phone_number, '--json');
    const list = JSON.parse(listed.stdout) as {
      total_count: number;
      gifts: Array<{ owned_gift_id: string }>;
    };
    expect(list.total_count).toBe(1);
    expect((await parley('gifts', 'list', '--user', friend.phone_number)).stdout).toContain(
      list.gifts[0]!.owned_gift_id,
    );

    const converted = await parley(
      'gifts',
      'convert',
      '--user',
      friend.phone_number,
      '--gift',
      list.gifts[0]!.owned_gift_id,
      '--json',
    );
    expect(converted.stderr).toBe('');
    expect(JSON.parse(converted.stdout)).toEqual({ user_id: friend.id, amount: 21 });
    expect(
      JSON.parse((await parley('stars', 'balance', '--user', buyer.phone_number, '--json')).stdout),
    ).toMatchObject({
      amount: 10,
    });
  });
});
