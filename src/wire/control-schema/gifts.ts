/**
 * Gifts and paid media as people see them (ADR 0050): a person's gifts, sending one to another
 * person, converting a received gift to Stars, and buying the paid media of a message.
 */
import { messageId } from './common.js';
import { bool, int, params, ref, route, str } from './dsl.js';

const GIFT_REFUSED = {
  status: 400,
  description:
    'A malformed parameter (`BAD_REQUEST`), a gift the platform refuses (`GIFT_INVALID`: unknown, sold ' +
    'out, not the person’s, or one that cannot be converted), or Stars that do not cover the price ' +
    '(`BALANCE_TOO_LOW`).',
  codes: ['BAD_REQUEST', 'GIFT_INVALID', 'BALANCE_TOO_LOW'],
} as const;

export const GIFTS = {
  listGifts: route({
    method: 'GET',
    path: '/gifts',
    tag: 'payments',
    summary: "A person's gifts, as they see them",
    description:
      'OwnedGifts with what only the owner sees: `owned_gift_id` (to convert a gift), `convert_star_count`, ' +
      '`can_be_upgraded`. Newest first (or by price); `premium_until` is when a Premium subscription ' +
      'a bot gifted them ends.',
    params: params('ListGiftsParams', {
      user: ref('user', { required: true, description: 'The person.' }),
      exclude_unique: bool({ default: false }),
      sort_by_price: bool({ default: false, description: 'Most expensive first.' }),
      offset: str({ description: 'From a previous answer’s `next_offset`.' }),
      limit: int({ min: 1, max: 100, default: 100, description: 'How many gifts.' }),
    }),
    result: 'PersonGifts',
    answer: 'The gifts.',
    errors: ['BadRequest', 'ReferenceNotFound'],
  }),

  giveGift: route({
    method: 'POST',
    path: '/gifts/send',
    tag: 'payments',
    summary: 'Send a gift of the catalogue to another person, paying from Stars',
    description:
      'The gift ids are those of `getAvailableGifts`. The Stars leave the sender’s balance (a ' +
      '`gift_purchase` transaction); the receiver gets a `gift` service message in their chat with the ' +
      'sender and may keep the gift or convert it to Stars (`POST /control/gifts/convert`). A business ' +
      'account’s bot gets the message as `business_message`, with `owned_gift_id`.',
    params: params('GiveGiftParams', {
      user: ref('user', { required: true, description: 'The sender (a person).' }),
      to: ref('user', { required: true, description: 'The receiver (a person).' }),
      gift_id: str({
        required: true,
        platform: true,
        description: 'The gift: an id of `getAvailableGifts`.',
      }),
      text: str({ platform: true, description: 'Shown with the gift; 0-128 characters.' }),
      is_private: bool({ default: false, description: 'Sender and text shown to the receiver only.' }),
      pay_for_upgrade: bool({ default: false, description: 'Pay the upgrade to a unique gift too.' }),
    }),
    result: 'Message',
    answer: 'The `gift` service message as the sender sees it.',
    errors: [GIFT_REFUSED, 'ReferenceNotFound'],
  }),

  convertGift: route({
    method: 'POST',
    path: '/gifts/convert',
    tag: 'payments',
    summary: 'Convert a received gift to Stars',
    description:
      'The gift’s `convert_star_count` Stars are added to the person’s balance and the gift is no ' +
      'longer theirs. Gifts sent by bots cannot be converted (as the reference’s sendGift says).',
    params: params('ConvertGiftParams', {
      user: ref('user', { required: true }),
      owned_gift_id: str({ required: true, platform: true, description: 'From `GET /control/gifts`.' }),
    }),
    result: 'StarBalance',
    answer: "The person's balance now.",
    errors: [GIFT_REFUSED, 'ReferenceNotFound'],
  }),

  buyPaidMedia: route({
    method: 'POST',
    path: '/paid-media/purchase',
    tag: 'payments',
    summary: 'Buy the paid media of a message as a person',
    description:
      'The person sees previews until they buy: the message’s `star_count` Stars move from them to the ' +
      'bot (in a channel, to the channel), both ledgers get a `paid_media_payment` row, and the bot gets ' +
      '`purchased_paid_media` when it gave a payload (not in channels). Bought once per person.',
    params: params('BuyPaidMediaParams', {
      user: ref('user', { required: true }),
      chat: ref('chat', { required: true, description: 'The chat of the message, as the person names it.' }),
      message_id: messageId(),
    }),
    result: 'PaymentOutcome',
    answer: '`status: "paid"` and the message as the person sees it now (the full media).',
    errors: [
      {
        status: 400,
        description:
          'A malformed parameter (`BAD_REQUEST`), a message without paid media or media bought already ' +
          "(`PAID_MEDIA_INVALID`), or the person's Stars do not cover it (`BALANCE_TOO_LOW`).",
        codes: ['BAD_REQUEST', 'PAID_MEDIA_INVALID', 'BALANCE_TOO_LOW'],
      },
      {
        status: 404,
        description: 'No such user, chat or message.',
        codes: ['USER_NOT_FOUND', 'CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
      },
    ],
  }),
} as const;
