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

/**
 * The parameters that ask for an ephemeral message (Bot API 10.2: `receiver_user_id`,
 * `callback_query_id`; 10.3: `ephemeral_message_parameters`), which only the 13 sends of the
 * reference's "Ephemeral Messages and Commands" take.
 */
const EPHEMERAL_PARAMETERS = ['receiver_user_id', 'callback_query_id', 'ephemeral_message_parameters'];

export interface SendKind {
  /** One of the 13 sends that take the ephemeral parameters (sendMessage, sendPhoto, ...). */
  ephemeral?: boolean;
}

export async function readSendOptions(ctx: MethodContext, kind: SendKind = {}): Promise<SendOptions> {
  const { params } = ctx;
  // A 10.2 bot's ephemeral message is meant for one member: sent as a plain message, every member
  // would see it (ADR 0062). The other sends do not take the 10.2 parameters (the reference ignores
  // them there), and refuse the 10.3 object as before.
  if (
    kind.ephemeral
      ? EPHEMERAL_PARAMETERS.some((name) => params.has(name))
      : params.has(EPHEMERAL_PARAMETERS[2]!)
  )
    throw botApiError('EPHEMERAL_NOT_SUPPORTED');
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
