import type { RouteContext } from '../control-context.js';

/**
 * POST /control/messages/sticker: a person sends a sticker by a file_id of theirs; the bots of the
 * chat get a `message` with `sticker` (platform/stickers/stickers.ts).
 */
export async function sendSticker({ platform, input }: RouteContext<'sendSticker'>) {
  return platform.stickers.sendFromPerson(input.from, input.chat, input.sticker, input.reply_to_message_id);
}
