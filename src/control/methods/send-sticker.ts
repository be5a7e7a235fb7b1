import { ControlError, type RouteContext } from '../control-context.js';

/**
 * POST /control/messages/sticker: a person sends a sticker by a file_id of theirs, or by a set's
 * name and the sticker's position in it (a sticker picker, ADR 0090); the bots of the chat get a
 * `message` with `sticker` (platform/stickers/stickers.ts).
 */
export async function sendSticker({ platform, input }: RouteContext<'sendSticker'>) {
  const { from, chat, sticker, sticker_set: set, sticker_index: index, reply_to_message_id } = input;
  if ((sticker === undefined) === (set === undefined)) {
    throw new ControlError(400, 'BAD_REQUEST', 'give either sticker or sticker_set (with sticker_index)');
  }
  if (set === undefined) {
    if (index !== undefined)
      throw new ControlError(400, 'BAD_REQUEST', 'sticker_index goes with sticker_set');
    return platform.stickers.sendFromPerson(from, chat, sticker!, reply_to_message_id);
  }
  if (index === undefined) throw new ControlError(400, 'BAD_REQUEST', 'sticker_set needs sticker_index');
  return platform.stickers.sendFromSet(from, chat, set, index, reply_to_message_id);
}
