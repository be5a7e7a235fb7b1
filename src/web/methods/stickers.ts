/**
 * The sticker picker of the web client (ADR 0090): a sticker set by its name as the person sees it,
 * each sticker's image, and sending one by the set's name and its position, as
 * `POST /control/messages/sticker` with `sticker_set` does.
 */
import { writableChat } from '../service-chat.js';
import { WebError, positive, text, type WebContext } from '../web-context.js';
import { fileAnswer } from './download-file.js';

interface SetSticker {
  file_unique_id: string;
}

/** GET /web/api/sticker-sets?name=: the set (getStickerSet's StickerSet, file_ids the person's own). */
export async function stickerSet({ platform, session, input }: WebContext) {
  return platform.stickers.getSet(session.userId, text(input, 'name', true));
}

/** GET /web/api/sticker-sets/file?name=&index=: the image of the set's sticker at that position (from 0). */
export async function stickerFile(ctx: WebContext) {
  const { platform, input } = ctx;
  const set = await stickerSet(ctx);
  const index = Number(text(input, 'index', true));
  const sticker = (set.stickers as SetSticker[])[Number.isInteger(index) ? index : -1];
  const file = sticker && (await platform.deps.store.getFileByUniqueId(sticker.file_unique_id));
  if (!file) throw new WebError(404, 'FILE_NOT_FOUND', 'no sticker at that position');
  return fileAnswer(platform, file);
}

/**
 * POST /web/api/stickers {chat, set, index, reply_to_message_id?}: the person sends the set's
 * sticker at that position; the chat's bots get it as in its set.
 */
export async function sendSetSticker({ platform, session, input }: WebContext) {
  const index = Number(text(input, 'index', true));
  if (!Number.isInteger(index) || index < 0) {
    throw new WebError(400, 'BAD_REQUEST', 'index must be an integer of at least 0');
  }
  return platform.stickers.sendFromSet(
    String(session.userId),
    writableChat(input),
    text(input, 'set', true),
    index,
    positive(input, 'reply_to_message_id'),
  );
}
