/** People send stickers (ADR 0046): by a file_id of theirs, as a client sends one from a set. */
import { MAX_INT32 } from './common.js';
import { int, params, ref, route, str } from './dsl.js';

export const STICKERS = {
  sendSticker: route({
    method: 'POST',
    path: '/messages/sticker',
    tag: 'messages',
    summary: 'Send a sticker as a user',
    description:
      'The sticker is a file_id of the sender: one from a sticker message they were sent, or from a ' +
      'sticker set (each viewer sees its own file_ids). The bots of the chat get a `message` with ' +
      '`sticker` under a file_id of their own, shaped as sendSticker shapes it: with `set_name`, ' +
      '`emoji` and, for custom emoji, `custom_emoji_id` when the sticker is in a set. Needs ' +
      '`can_send_other_messages` in a group.',
    params: params('SendStickerParams', {
      from: ref('user', { required: true }),
      chat: ref('chat', { required: true }),
      sticker: str({ required: true, platform: true, description: 'A file_id of the sender.' }),
      reply_to_message_id: int({ min: 1, max: MAX_INT32 }),
    }),
    result: 'Message',
    answer: 'The message as the sender sees it.',
    errors: [
      {
        status: 400,
        description: '`sticker` is not a file_id of the sender, or not of a sticker.',
        codes: ['BAD_REQUEST'],
      },
      'WriteForbidden',
      'ReferenceNotFound',
    ],
  }),
} as const;
