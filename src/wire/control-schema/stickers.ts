/**
 * People send stickers (ADR 0046): by a file_id of theirs, or by a set's name and the sticker's
 * position in it, as a client's sticker picker sends one (ADR 0090).
 */
import { MAX_INT32 } from './common.js';
import { int, params, ref, route, str } from './dsl.js';

export const STICKERS = {
  sendSticker: route({
    method: 'POST',
    path: '/messages/sticker',
    tag: 'messages',
    summary: 'Send a sticker as a user',
    description:
      'Give either `sticker`, a file_id of the sender (one from a sticker message they were sent, or ' +
      'from a sticker set: each viewer sees its own file_ids), or `sticker_set` and `sticker_index`, ' +
      "a set's name and the sticker's 0-based position in it, as a sticker picker sends one without " +
      'the sticker having reached the sender (not a custom emoji set). The bots of the chat get a `message` with ' +
      '`sticker` under a file_id of their own, shaped as sendSticker shapes it: with `set_name`, ' +
      '`emoji` and, for custom emoji, `custom_emoji_id` when the sticker is in a set. Needs ' +
      '`can_send_other_messages` in a group.',
    params: params('SendStickerParams', {
      from: ref('user', { required: true }),
      chat: ref('chat', { required: true }),
      sticker: str({ platform: true, description: 'A file_id of the sender (or `sticker_set`).' }),
      sticker_set: str({
        platform: true,
        description:
          'The name of a sticker set (case-insensitive), with `sticker_index`; instead of `sticker`.',
      }),
      sticker_index: int({
        min: 0,
        max: MAX_INT32,
        description: "The sticker's position in `sticker_set`, from 0.",
      }),
      reply_to_message_id: int({ min: 1, max: MAX_INT32 }),
    }),
    result: 'Message',
    answer: 'The message as the sender sees it.',
    errors: [
      {
        status: 400,
        description:
          '`sticker` is not a file_id of the sender, or not of a sticker; neither or both of `sticker` ' +
          'and `sticker_set` given, or `sticker_set` without `sticker_index`; the index is past the ' +
          'end of the set, or the set is of custom emoji. `STICKERSET_INVALID`: no set of that name.',
        codes: ['BAD_REQUEST', 'STICKERSET_INVALID'],
      },
      'WriteForbidden',
      'ReferenceNotFound',
    ],
  }),
} as const;
