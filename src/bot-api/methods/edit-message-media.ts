import { defineMethod } from '../define-method.js';
import { readEditRef } from '../edit-target.js';
import { botApiError } from '../errors.js';
import { readMediaParameter } from '../input-media.js';
import { inlineMarkupPatch } from './edit-message-reply-markup.js';
import { itemContent } from './send-media-group.js';
import { REPLACED_BY_MEDIA_EDIT } from '../../platform/messages/media-edits.js';
import type { ContentPatch } from '../../platform/messages/message-edits.js';

/**
 * editMessageMedia: replaces the photo, video, animation, audio or document of the bot's own
 * message (or the text of a text message, Bot API 10.1) with an InputMedia given by upload
 * (`attach://<name>`), file_id or HTTP URL, with its caption; the inline keyboard is replaced too.
 * The reference's order (process_edit_message_media_query): reply_markup, the media, the message,
 * then TDLib's checks (edit_message_media) — all before the new file is stored, so that a refused
 * call stores nothing. Album messages keep to what an album holds. An inline message sent through
 * the bot is named by inline_message_id (answers true); its new media can't be an upload, only a
 * file_id or URL (TDLib's edit_inline_message_media: "Invalid message content specified"; ADR 0030).
 */
export const editMessageMedia = defineMethod('editMessageMedia', async (ctx) => {
  const markup = inlineMarkupPatch(ctx);
  const item = readMediaParameter(ctx);
  const { bot, ref } = await readEditRef(ctx);
  const { edits } = ctx.platform;
  await edits.checkEditByBot(bot, ref, 'media', { [item.type]: {} });
  if ('inlineMessageId' in ref && 'upload' in item.input) throw botApiError('INLINE_MEDIA_UPLOAD');

  const content = await itemContent(ctx, item);
  const patch: ContentPatch = {};
  for (const key of REPLACED_BY_MEDIA_EDIT) patch[key] = undefined;
  return edits.editByBot(bot, ref, 'media', {
    ...patch,
    ...content,
    ...markup,
  });
});
