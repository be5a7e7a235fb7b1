import { readEditRef } from '../edit-target.js';
import { botApiError } from '../errors.js';
import { codePointLength, formatText } from '../../platform/formatting/index.js';
import { defineMethod } from '../define-method.js';
import type { MethodContext } from '../method-context.js';
import { inlineMarkupPatch } from './edit-message-reply-markup.js';
import { readRichMessage, resolveRichMedia } from '../rich-message-param.js';
import { MAX_TEXT_LENGTH } from '../../platform/messages/messages.js';
import type { ContentPatch } from '../../platform/messages/message-edits.js';

/**
 * editMessageText: new text (parse_mode or entities) or new rich content (`rich_message`, an
 * InputRichMessage read as sendRichMessage reads it, ADR 0051) and inline keyboard of the bot's own
 * text or rich message, or of an inline message sent through it (inline_message_id: answers true);
 * one kind becomes the other. An edit without reply_markup removes the keyboard. spec §2 Message;
 * reference §2.3; ADR 0030, 0071.
 */
export const editMessageText = defineMethod('editMessageText', async (ctx) => {
  const { params, platform } = ctx;
  const { rich_message: richMessage, text: raw, parse_mode: parseMode, entities } = ctx.values;
  // A non-empty rich_message is the new content; text is then not read (ADR 0071).
  if (richMessage) return editRichMessage(ctx);
  if (raw === undefined) throw botApiError('MESSAGE_TEXT_EMPTY');
  const formatted = formatText(raw, parseMode, entities);
  if (codePointLength(formatted.text) > MAX_TEXT_LENGTH) throw botApiError('MESSAGE_TOO_LONG');
  const markup = inlineMarkupPatch(ctx);
  const preview = params.parsedJson('link_preview_options', 'link preview options');
  const { bot, ref } = await readEditRef(ctx);
  return platform.edits.editByBot(bot, ref, 'text', {
    text: formatted.text,
    entities: formatted.entities.length > 0 ? formatted.entities : undefined,
    link_preview_options: preview !== undefined && typeof preview === 'object' ? preview : undefined,
    rich_message: undefined,
    ...markup,
  });
});

/**
 * editMessageText with `rich_message`: parsed first, then the message and whether the bot may edit
 * it, then the bot's right to send each kind of media into the chat, all before any new file is
 * stored (a refused edit stores nothing). An inline message's new media can't be uploads (the
 * spec: "Direct upload of new files isn't supported when an inline message is edited"; the
 * reference's text for editMessageMedia's).
 */
async function editRichMessage(ctx: MethodContext) {
  const { platform } = ctx;
  const parsed = readRichMessage(ctx, false);
  const markup = inlineMarkupPatch(ctx);
  const { bot, ref } = await readEditRef(ctx);
  const patch: ContentPatch = {
    text: undefined,
    entities: undefined,
    link_preview_options: undefined,
    ...markup,
  };
  await platform.edits.checkEditByBot(bot, ref, 'text', patch);
  const inline = 'inlineMessageId' in ref;
  if (inline && parsed.media.some((source) => source.src.startsWith('attach://'))) {
    throw botApiError('INLINE_MEDIA_UPLOAD');
  }
  const richMessage = await resolveRichMedia(ctx, bot, inline ? undefined : ref.chatId, parsed);
  return platform.edits.editByBot(bot, ref, 'text', { ...patch, rich_message: richMessage });
}
