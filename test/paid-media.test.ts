/**
 * Paid media end to end with grammY: a bot sends photos, a video and a live photo behind a price in
 * Stars; a person sees previews until they buy through the control API; buying moves the Stars to
 * the bot (paid_media_payment in both ledgers), gives the bot purchased_paid_media and shows the
 * person the full media. Refusals change nothing. ADR 0050.
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit, kinds } from './helpers/groups.js';
import { noise, png } from './helpers/media-bytes.js';
import { resultFaults } from './helpers/declared-results.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;

/** A person who opened a chat with a new bot. */
async function scene(name: string) {
  const buyer = await person('Paula');
  const seller = await bot(name);
  await control().sendMessage({ from: buyer.id, chat: `@${seller.record.username}`, text: 'hi' });
  await seller.updates();
  return { buyer, seller, chat: `@${seller.record.username}` };
}

const album = () =>
  [
    { type: 'photo', media: new InputFile(png(64, 48), 'a.png') },
    { type: 'video', media: new InputFile(noise(600, 1), 'v.mp4'), width: 640, height: 360, duration: 12 },
    {
      type: 'live_photo',
      media: new InputFile(noise(500, 2), 'lp.mp4'),
      photo: new InputFile(png(32, 32), 'lp.png'),
    },
  ] as never;

describe('paid media', () => {
  it('shows previews until the person buys; then the full media, the Stars with the bot, purchased_paid_media', async () => {
    const { buyer, seller, chat } = await scene('gallery');
    const sent = await seller.api.sendPaidMedia(buyer.id, 50, album(), {
      payload: 'album-1',
      caption: 'Behind the *scenes*',
      parse_mode: 'Markdown',
    });
    // The bot sees its full media.
    const info = sent.paid_media!;
    expect(info.star_count).toBe(50);
    expect(info.paid_media.map((m) => m.type)).toEqual(['photo', 'video', 'live_photo']);
    expect(info.paid_media[0]).toMatchObject({ photo: [{ width: 64, height: 48 }] });
    expect(info.paid_media[1]).toMatchObject({ video: { width: 640, height: 360, duration: 12 } });
    const live = (info.paid_media[2] as unknown as { live_photo: Record<string, unknown> }).live_photo;
    expect(live).toMatchObject({ photo: [{ width: 32, height: 32 }], file_id: expect.any(String) });
    const captioned = sent as unknown as { caption?: string; caption_entities?: unknown };
    expect(captioned.caption).toBe('Behind the scenes');
    expect(captioned.caption_entities).toEqual([{ type: 'bold', offset: 11, length: 6 }]);

    // The person sees previews.
    const [before] = await control().listMessages({ user: buyer.id, chat, limit: 1 });
    expect(before!.paid_media).toEqual({
      star_count: 50,
      paid_media: [
        { type: 'preview', width: 64, height: 48 },
        { type: 'preview', width: 640, height: 360, duration: 12 },
        expect.objectContaining({ type: 'preview' }),
      ],
    });
    expect(before!.caption).toBe('Behind the scenes');

    // Without Stars the purchase is refused and nothing changes.
    await expect(
      control().buyPaidMedia({ user: buyer.id, chat, message_id: sent.message_id }),
    ).rejects.toMatchObject({ status: 400, error: 'BALANCE_TOO_LOW' });
    expect(await seller.updates()).toEqual([]);

    await control().grantStars({ user: buyer.id, amount: 60 });
    const bought = await control().buyPaidMedia({ user: buyer.id, chat, message_id: sent.message_id });
    expect(bought.status).toBe('paid');
    const media = bought.message!.paid_media!;
    expect(media.paid_media.map((m) => m.type)).toEqual(['photo', 'video', 'live_photo']);
    // The person's own file_ids (ADR 0040): same file, another id than the bot's.
    const theirs = media.paid_media[0]!.type === 'photo' ? media.paid_media[0]!.photo[0]! : undefined;
    const bots = info.paid_media[0]!.type === 'photo' ? info.paid_media[0]!.photo[0]! : undefined;
    expect(theirs!.file_unique_id).toBe(bots!.file_unique_id);
    expect(theirs!.file_id).not.toBe(bots!.file_id);
    // From now on they see the full media in the chat too.
    const [after] = await control().listMessages({ user: buyer.id, chat, limit: 1 });
    expect(after!.paid_media).toEqual(bought.message!.paid_media);

    // The Stars moved, with a paid_media_payment row on both sides.
    expect(await control().getStarBalance({ user: buyer.id })).toMatchObject({ amount: 10 });
    expect(await seller.api.getMyStarBalance()).toEqual({ amount: 50 });
    const { transactions } = await seller.api.getStarTransactions();
    // The answer is StarTransactions, its paid media PaidMedia (ADR 0085; typed by the compiler too).
    expect(resultFaults('getStarTransactions', { transactions })).toEqual([]);
    expect(transactions.at(-1)).toMatchObject({
      amount: 50,
      source: {
        type: 'user',
        transaction_type: 'paid_media_payment',
        user: { id: buyer.id },
        paid_media_payload: 'album-1',
        paid_media: [{ type: 'photo' }, { type: 'video' }, { type: 'live_photo' }],
      },
    });
    const ledger = await control().listStarTransactions({ user: buyer.id });
    expect(ledger.at(-1)).toMatchObject({
      amount: 50,
      receiver: { type: 'user', transaction_type: 'paid_media_payment', user: { id: seller.record.id } },
    });

    // The bot hears of the purchase.
    const updates = await seller.updates();
    expect(kinds(updates)).toEqual(['purchased_paid_media']);
    expect(first(updates, 'purchased_paid_media')).toEqual({
      from: expect.objectContaining({ id: buyer.id }),
      paid_media_payload: 'album-1',
    });

    // Bought once: a second purchase is refused and takes nothing.
    await expect(
      control().buyPaidMedia({ user: buyer.id, chat, message_id: sent.message_id }),
    ).rejects.toMatchObject({ status: 400, error: 'PAID_MEDIA_INVALID' });
    expect(await control().getStarBalance({ user: buyer.id })).toMatchObject({ amount: 10 });
    expect(await seller.api.getMyStarBalance()).toEqual({ amount: 50 });
  });

  it('gives no purchased_paid_media without a payload; a plain message is not paid media', async () => {
    const { buyer, seller, chat } = await scene('nopayload');
    const sent = await seller.api.sendPaidMedia(buyer.id, 5, [
      { type: 'photo', media: new InputFile(png(10, 10), 'p.png') },
    ]);
    await control().grantStars({ user: buyer.id, amount: 5 });
    await control().buyPaidMedia({ user: buyer.id, chat, message_id: sent.message_id });
    expect(await seller.updates()).toEqual([]);
    expect(await seller.api.getMyStarBalance()).toEqual({ amount: 5 });

    const plain = await seller.api.sendMessage(buyer.id, 'free');
    await expect(
      control().buyPaidMedia({ user: buyer.id, chat, message_id: plain.message_id }),
    ).rejects.toMatchObject({ status: 400, error: 'PAID_MEDIA_INVALID' });
  });

  it('refuses bad prices and media with the platform’s texts, storing nothing', async () => {
    const { buyer, seller } = await scene('refuse');
    const photo = () => ({ type: 'photo' as const, media: new InputFile(png(8, 8), 'x.png') });
    expect(await failure(seller.api.sendPaidMedia(buyer.id, 0, [photo()]))).toMatchObject({
      code: 400,
      description: 'Bad Request: STARS_AMOUNT_INVALID',
    });
    expect(await failure(seller.api.sendPaidMedia(buyer.id, 25_001, [photo()]))).toMatchObject({
      description: 'Bad Request: STARS_AMOUNT_INVALID',
    });
    const many = Array.from({ length: 11 }, photo);
    expect(await failure(seller.api.sendPaidMedia(buyer.id, 5, many))).toMatchObject({
      description: 'Bad Request: MULTI_MEDIA_TOO_LONG',
    });
    expect(
      await failure(seller.api.sendPaidMedia(buyer.id, 5, [{ type: 'audio', media: 'x' }] as never)),
    ).toMatchObject({ description: 'Bad Request: can\'t parse InputPaidMedia: type "audio" is unsupported' });
    expect(
      await control().listMessages({ user: buyer.id, chat: `@${seller.record.username}`, limit: 5 }),
    ).toHaveLength(1);
  });
});
