/**
 * The five methods of Bot API 10.2 on a bot's ephemeral message (ADR 0076), keyed by chat_id,
 * receiver_user_id and ephemeral_message_id; each answers True, and an unknown key 400 "ephemeral
 * message not found". The new content is read as the ordinary edits read it (editMessageText,
 * ...Caption, ...Media, ...ReplyMarkup); editEphemeralMessageMedia takes no new upload (10.2).
 * editEphemeralMessageText takes `rich_message` as editMessageText does (10.3 as @grammyjs/types
 * 5.0.0 declares it; the 10.2 text has only `text`; ADR 0080): a text becomes rich and back.
 */
import { defineMethod, type DeclaredMethodContext } from '../define-method.js';
import { botApiError } from '../errors.js';
import { readMediaParameter } from '../input-media.js';
import { readRichMessage, resolveRichMedia } from '../rich-message-param.js';
import { readCaption } from '../send-media.js';
import { targetChatId } from '../send-options.js';
import { inlineMarkupPatch } from './edit-message-reply-markup.js';
import { itemContent } from './send-media-group.js';
import { codePointLength, formatText } from '../../platform/formatting/index.js';
import { PlatformError } from '../../platform/core/errors.js';
import type { MessageContent } from '../../platform/core/wire-types.js';
import { REPLACED_BY_MEDIA_EDIT } from '../../platform/messages/media-edits.js';
import { MAX_TEXT_LENGTH } from '../../platform/messages/messages.js';
import type { ContentPatch } from '../../platform/messages/message-edits.js';

type EphemeralMethod =
  | 'editEphemeralMessageText'
  | 'editEphemeralMessageCaption'
  | 'editEphemeralMessageMedia'
  | 'editEphemeralMessageReplyMarkup'
  | 'deleteEphemeralMessage';

/**
 * The message's key; read after the new content, as the ordinary edits read the message last. The
 * runner has refused a call without receiver_user_id or ephemeral_message_id (ADR 0084).
 */
async function readKey(ctx: DeclaredMethodContext<EphemeralMethod>) {
  const { receiver_user_id: receiverId, ephemeral_message_id: id } = ctx.values;
  const chatId = await targetChatId(ctx);
  return { bot: await ctx.platform.users.resolve(ctx.botId, 'bot'), key: { chatId, receiverId, id } };
}

/** Applies a patch (undefined removes a field), refusing content the message does not have. */
function patched(content: MessageContent, patch: ContentPatch, needs?: (c: MessageContent) => void) {
  needs?.(content);
  const next: MessageContent = { ...content };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next;
}

const MEDIA_KEYS = ['photo', 'video', 'animation', 'audio', 'document', 'voice', 'video_note', 'sticker'];
const hasMedia = (content: MessageContent) => MEDIA_KEYS.some((key) => content[key] !== undefined);

/** A text or rich message: what editEphemeralMessageText edits, as editMessageText does. */
function needsText(content: MessageContent) {
  if (typeof content.text !== 'string' && content.rich_message === undefined) {
    throw new PlatformError('NO_TEXT_TO_EDIT', 'there is no text to edit');
  }
}

async function editEphemeralMessageText(ctx: DeclaredMethodContext<'editEphemeralMessageText'>) {
  // A non-empty rich_message is the new content; text is then not read (ADR 0071).
  if (ctx.params.string('rich_message')) return editEphemeralRichMessage(ctx);
  // `text` is the handler's to require (declared/refusals.ts): rich_message stands in for it.
  const { text: raw, parse_mode: parseMode, entities } = ctx.values;
  if (raw === undefined) throw botApiError('MESSAGE_TEXT_EMPTY');
  const formatted = formatText(raw, parseMode, entities);
  if (codePointLength(formatted.text) > MAX_TEXT_LENGTH) throw botApiError('MESSAGE_TOO_LONG');
  const markup = inlineMarkupPatch(ctx);
  const preview = ctx.params.parsedJson('link_preview_options', 'link preview options');
  const { bot, key } = await readKey(ctx);
  const patch: ContentPatch = {
    text: formatted.text,
    entities: formatted.entities.length > 0 ? formatted.entities : undefined,
    link_preview_options: preview !== undefined && typeof preview === 'object' ? preview : undefined,
    rich_message: undefined,
    ...markup,
  };
  return ctx.platform.ephemeral.edit(bot, key, (content) => patched(content, patch, needsText));
}

/**
 * editEphemeralMessageText with `rich_message`: parsed first, then the message, then the bot's
 * right to send each kind of media into the chat, all before any new file is stored (a refused
 * edit stores nothing), as editMessageText's rich edit.
 */
async function editEphemeralRichMessage(ctx: DeclaredMethodContext<'editEphemeralMessageText'>) {
  const parsed = readRichMessage(ctx, false);
  const markup = inlineMarkupPatch(ctx);
  const { bot, key } = await readKey(ctx);
  const { platform } = ctx;
  const found = await platform.ephemeral.find(platform.deps.store, bot, key.chatId, key.receiverId, key.id);
  needsText(JSON.parse(found.row.body) as MessageContent);
  const richMessage = await resolveRichMedia(ctx, bot, key.chatId, parsed);
  const patch: ContentPatch = {
    text: undefined,
    entities: undefined,
    link_preview_options: undefined,
    rich_message: richMessage,
    ...markup,
  };
  return platform.ephemeral.edit(bot, key, (content) => patched(content, patch, needsText));
}

async function editEphemeralMessageCaption(ctx: DeclaredMethodContext<'editEphemeralMessageCaption'>) {
  const caption = readCaption(ctx);
  const markup = inlineMarkupPatch(ctx);
  const { bot, key } = await readKey(ctx);
  const patch: ContentPatch = {
    caption: caption.caption,
    caption_entities: caption.caption_entities,
    // Not in 10.2's declaration of this method; read as editMessageCaption reads it.
    show_caption_above_media:
      ctx.params.bool('show_caption_above_media') && caption.caption ? true : undefined,
    ...markup,
  };
  return ctx.platform.ephemeral.edit(bot, key, (content) =>
    patched(content, patch, (c) => {
      if (!hasMedia(c)) throw new PlatformError('NO_CAPTION_TO_EDIT', 'there is no caption to edit');
    }),
  );
}

async function editEphemeralMessageMedia(ctx: DeclaredMethodContext<'editEphemeralMessageMedia'>) {
  const markup = inlineMarkupPatch(ctx);
  const item = readMediaParameter(ctx);
  // 10.2: "Direct upload of new files isn't supported" for ephemeral messages, as for inline ones.
  if ('upload' in item.input) throw botApiError('INLINE_MEDIA_UPLOAD');
  const { bot, key } = await readKey(ctx);
  // The message is checked before the file is acquired, so that a refused call stores nothing.
  const { platform } = ctx;
  const found = await platform.ephemeral.find(platform.deps.store, bot, key.chatId, key.receiverId, key.id);
  if (!hasMedia(JSON.parse(found.row.body) as MessageContent)) {
    throw new PlatformError('NO_MEDIA_TO_EDIT', 'there is no media to edit');
  }
  const media = await itemContent(ctx, item);
  const patch: ContentPatch = {};
  for (const field of REPLACED_BY_MEDIA_EDIT) patch[field] = undefined;
  return platform.ephemeral.edit(bot, key, (content) =>
    patched(content, { ...patch, ...media, ...markup }, (c) => {
      if (!hasMedia(c)) throw new PlatformError('NO_MEDIA_TO_EDIT', 'there is no media to edit');
    }),
  );
}

async function editEphemeralMessageReplyMarkup(
  ctx: DeclaredMethodContext<'editEphemeralMessageReplyMarkup'>,
) {
  const markup = inlineMarkupPatch(ctx);
  const { bot, key } = await readKey(ctx);
  return ctx.platform.ephemeral.edit(bot, key, (content) => patched(content, markup));
}

async function deleteEphemeralMessage(ctx: DeclaredMethodContext<'deleteEphemeralMessage'>) {
  const { bot, key } = await readKey(ctx);
  return ctx.platform.ephemeral.delete(bot, key);
}

/** Typed from their declarations (define-method.ts, ADR 0084). */
export const ephemeralMethods = {
  editEphemeralMessageText: defineMethod('editEphemeralMessageText', editEphemeralMessageText),
  editEphemeralMessageCaption: defineMethod('editEphemeralMessageCaption', editEphemeralMessageCaption),
  editEphemeralMessageMedia: defineMethod('editEphemeralMessageMedia', editEphemeralMessageMedia),
  editEphemeralMessageReplyMarkup: defineMethod(
    'editEphemeralMessageReplyMarkup',
    editEphemeralMessageReplyMarkup,
  ),
  deleteEphemeralMessage: defineMethod('deleteEphemeralMessage', deleteEphemeralMessage),
};
