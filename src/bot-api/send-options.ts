/**
 * What every send method shares: finding the target chat, reply parameters, reply markup and the
 * content flags, turned into the platform's message content.
 */
import { botApiError } from './errors.js';
import type { MethodContext } from './method-context.js';
import { hasWebAppButton, parseReplyMarkup, parseReplyParameters, type ReplyTarget } from './reply-markup.js';
import type { MessageContent } from '../platform/core/wire-types.js';

/** Resolves chat_id (a number or @username of a supergroup or channel) to the id the bot uses. */
export async function targetChatId({ platform, params }: MethodContext): Promise<number> {
  const chatId = params.chatId();
  if (typeof chatId === 'number') {
    if (chatId === 0) throw botApiError('CHAT_NOT_FOUND');
    return chatId;
  }
  const chat = await platform.deps.store.getChatByUsername(chatId.slice(1));
  if (!chat || chat.id === null || (chat.type !== 'supergroup' && chat.type !== 'channel')) {
    throw botApiError('CHAT_NOT_FOUND');
  }
  return chat.id;
}

export interface SendOptions {
  chatId: number;
  replyTo: { messageId: number; allowWithout: boolean } | undefined;
  /** Content fields common to all sends (markup, protection). */
  content: MessageContent;
}

export async function readSendOptions(ctx: MethodContext): Promise<SendOptions> {
  const { params } = ctx;
  // A 10.2 bot's ephemeral message is meant for one member: sent as a plain message, every member
  // would see it (ADR 0062).
  if (params.has('ephemeral_message_parameters')) throw botApiError('EPHEMERAL_NOT_SUPPORTED');
  const content: MessageContent = {};
  const markup = parseReplyMarkup(params);
  if (markup?.kind === 'inline') content.reply_markup = markup.markup;
  else if (markup) content._client_markup = markup.markup;
  if (params.bool('protect_content')) content.has_protected_content = true;
  if (params.bool('disable_notification')) content._silent = true;
  // On behalf of a business account (platform/business/send-on-behalf.ts checks it, ADR 0049).
  const business = params.string('business_connection_id');
  if (business !== undefined && business !== '') content._business_connection_id = business;
  // The topic of a forum (platform/topics/threads.ts checks it in the send's write).
  const thread = params.int('message_thread_id');
  if (thread !== undefined && thread !== 0) content._thread = thread;
  const reply: ReplyTarget | undefined = parseReplyParameters(params);
  if (reply?.chatId !== undefined && String(reply.chatId) !== String(params.string('chat_id'))) {
    // Replies in another chat quote a message the bot may not see; the reference then needs
    // allow_sending_without_reply false. Parley supports replies within the same chat only.
    throw botApiError('REPLY_MESSAGE_NOT_FOUND');
  }
  const chatId = await targetChatId(ctx);
  // web_app buttons: private chats only (spec InlineKeyboardButton and KeyboardButton; ADR 0047).
  if (chatId < 0 && markup && hasWebAppButton(markup)) throw botApiError('BUTTON_TYPE_INVALID');
  return {
    chatId,
    replyTo: reply ? { messageId: reply.messageId, allowWithout: reply.allowWithout } : undefined,
    content,
  };
}
