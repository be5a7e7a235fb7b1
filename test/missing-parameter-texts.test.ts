/**
 * A missing parameter answers the reference's own text where it has one (issue 27): the reference
 * server's readers (telegram-bot-api Client.cpp) name a missing sticker file "sticker is not
 * specified" (get_sticker_input_file, for `sticker` and `old_sticker`), read an invoice's title,
 * description, payload, currency and prices in that order with the generic `parameter "X" is
 * required` before parsing prices (get_input_message_invoice), ask an edit that names no message for
 * its inline_message_id ("message identifier is not specified", get_inline_message_id), and ask
 * for error_message with that
 * generic text when a shipping or pre-checkout answer is not ok, before the query is looked up.
 * Raw HTTP, as a library sends the call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';

let server: TestServer;
let token: string;
let userId: number;
beforeAll(async () => {
  server = await startServer();
  const made = await userAndBot(server, 'missing');
  token = made.token;
  userId = made.user.id;
});
afterAll(async () => {
  await server.close();
});

const invoice = { title: 'Tea', description: 'Green tea', payload: 'p-1', currency: 'XTR' };
const prices = JSON.stringify([{ label: 'Tea', amount: 5 }]);

/** [method, params, the reference's description]. */
const CASES: Array<[string, () => Record<string, unknown>, string]> = [
  ['setStickerPositionInSet', () => ({ position: 0 }), 'sticker is not specified'],
  ['setStickerPositionInSet', () => ({ sticker: '  ', position: 0 }), 'sticker is not specified'],
  ['deleteStickerFromSet', () => ({}), 'sticker is not specified'],
  // get_passport_element_errors decodes the absent text as JSON.
  ['setPassportDataErrors', () => ({ user_id: userId }), "can't parse errors JSON object"],
  ['setStickerEmojiList', () => ({ emoji_list: '["🙂"]' }), 'sticker is not specified'],
  ['setStickerKeywords', () => ({}), 'sticker is not specified'],
  ['setStickerMaskPosition', () => ({}), 'sticker is not specified'],
  [
    'replaceStickerInSet',
    () => ({ user_id: userId, name: 'any_by_missing_bot', sticker: '{}' }),
    'sticker is not specified',
  ],
  ['editMessageText', () => ({ text: 'x' }), 'message identifier is not specified'],
  ['editMessageCaption', () => ({ caption: 'x' }), 'message identifier is not specified'],
  ['editMessageReplyMarkup', () => ({}), 'message identifier is not specified'],
  ['editMessageLiveLocation', () => ({ latitude: 1, longitude: 1 }), 'message identifier is not specified'],
  ['stopMessageLiveLocation', () => ({ message_id: -3 }), 'message identifier is not specified'],
  ['setGameScore', () => ({ user_id: userId, score: 1 }), 'message identifier is not specified'],
  ['getGameHighScores', () => ({ user_id: userId }), 'message identifier is not specified'],
  ['sendInvoice', () => ({ chat_id: userId }), 'parameter "title" is required'],
  ['sendInvoice', () => ({ chat_id: userId, title: 'Tea' }), 'parameter "description" is required'],
  [
    'sendInvoice',
    () => ({ chat_id: userId, title: 'Tea', description: 'Green tea' }),
    'parameter "payload" is required',
  ],
  [
    'sendInvoice',
    () => ({ chat_id: userId, title: 'Tea', description: 'Green tea', payload: 'p-1' }),
    'parameter "currency" is required',
  ],
  ['sendInvoice', () => ({ chat_id: userId, ...invoice }), 'parameter "prices" is required'],
  ['createInvoiceLink', () => ({ ...invoice, title: '' }), 'parameter "title" is required'],
  ['createInvoiceLink', () => ({ ...invoice, prices: 'x' }), "can't parse prices JSON object"],
  ['createInvoiceLink', () => ({ ...invoice }), 'parameter "prices" is required'],
  ['refundStarPayment', () => ({ user_id: userId }), 'parameter "telegram_payment_charge_id" is required'],
  [
    'answerPreCheckoutQuery',
    () => ({ pre_checkout_query_id: '1', ok: false }),
    'parameter "error_message" is required',
  ],
  ['answerPreCheckoutQuery', () => ({ ok: false }), 'parameter "error_message" is required'],
  [
    'answerShippingQuery',
    () => ({ shipping_query_id: '1', ok: false }),
    'parameter "error_message" is required',
  ],
  ['answerShippingQuery', () => ({ ok: false }), 'parameter "error_message" is required'],
];

describe("missing parameters answer the reference's texts", () => {
  it.each(CASES.map(([method, params, text], i) => ({ i, method, params, text })))(
    '$method #$i: $text',
    async ({ method, params, text }) => {
      const { status, body } = await callBotApi(server, token, method, { ...params() });
      expect({ status, description: body.description }).toEqual({
        status: 400,
        description: `Bad Request: ${text}`,
      });
    },
  );

  it('still makes an invoice link when every part is given', async () => {
    const { body } = await callBotApi(server, token, 'createInvoiceLink', { ...invoice, prices });
    expect(body).toMatchObject({ ok: true });
  });
});
