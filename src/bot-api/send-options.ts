/**
 * What every send method shares: finding the target chat, reply parameters, reply markup and the
 * content flags, turned into the platform's message content.
 */
import { botApiError } from './errors.js';
import type { MethodContext } from './method-context.js';
import { hasWebAppButton, parseReplyMarkup, parseReplyParameters, type ReplyTarget } from './reply-markup.js';
import type { MessageContent, WireMessage } from '../platform/core/wire-types.js';
import type { EphemeralTarget } from '../platform/messages/ephemeral-messages.js';
import type { UserRow } from '../storage/store.js';

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
  /** Set when the send asks for an ephemeral message (readEphemeral). */
  ephemeral?: EphemeralTarget | undefined;
}

export interface SendKind {
  /**
   * A send that takes the ephemeral parameters: `true` for the 13 of 10.2 (sendMessage, sendPhoto,
   * ...), which take both forms; `'object'` for one that takes only 10.3's object (sendRichMessage,
   * ADR 0096), where 10.2's receiver_user_id is not a parameter and is ignored as unknown ones are.
   */
  ephemeral?: boolean | 'object';
}

/**
 * Who an ephemeral message is for (ADR 0076): Bot API 10.2's `receiver_user_id` and
 * `callback_query_id`, or 10.3's `ephemeral_message_parameters` object (grammY 1.46 sends it).
 * With the object's `replace_callback_query_message` the receiver sees the message in place of the
 * callback query's message (ADR 0096; the platform refuses it without `callback_query_id`).
 */
function readEphemeral({ params }: MethodContext, objectOnly: boolean): EphemeralTarget | undefined {
  const object = params.parsedJson('ephemeral_message_parameters', 'ephemeral message parameters');
  if (object !== undefined) {
    if (typeof object !== 'object' || object === null || Array.isArray(object)) {
      throw botApiError('OBJECT_EXPECTED', { object: 'ephemeral message parameters' });
    }
    const fields = object as Record<string, unknown>;
    const { receiver_user_id: receiver, callback_query_id: query } = fields;
    if (typeof receiver !== 'number' || !Number.isInteger(receiver)) {
      const detail = 'Field "receiver_user_id" must be a valid Number';
      throw botApiError('UNPARSABLE', { object: 'ephemeral message parameters', detail });
    }
    const replace = fields.replace_callback_query_message;
    if (replace !== undefined && typeof replace !== 'boolean') {
      const detail = 'Field "replace_callback_query_message" must be of type Boolean';
      throw botApiError('UNPARSABLE', { object: 'ephemeral message parameters', detail });
    }
    return {
      receiverId: receiver,
      callbackQueryId: typeof query === 'string' && query !== '' ? query : undefined,
      replaceCallbackMessage: replace === true,
    };
  }
  if (objectOnly) return undefined;
  const receiverId = params.int('receiver_user_id');
  if (receiverId === undefined || receiverId === 0) return undefined;
  return { receiverId, callbackQueryId: params.string('callback_query_id') || undefined };
}

export async function readSendOptions(ctx: MethodContext, kind: SendKind = {}): Promise<SendOptions> {
  const { params } = ctx;
  // The other sends do not take the 10.2 parameters (the reference ignores them there); the 10.3
  // object is refused rather than ignored, so that a message meant for one member never reaches all.
  if (!kind.ephemeral && params.has('ephemeral_message_parameters')) {
    throw botApiError('EPHEMERAL_NOT_SUPPORTED');
  }
  const ephemeral = kind.ephemeral ? readEphemeral(ctx, kind.ephemeral === 'object') : undefined;
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
  // A reply to an ephemeral message must itself be ephemeral (spec ReplyParameters).
  if (reply?.ephemeralMessageId !== undefined) {
    if (!ephemeral) throw botApiError('EPHEMERAL_INVALID', { reason: 'REPLY' });
    ephemeral.replyTo = reply.ephemeralMessageId;
  }
  const chatId = await targetChatId(ctx);
  // web_app buttons: private chats only (spec InlineKeyboardButton and KeyboardButton; ADR 0047).
  if (chatId < 0 && markup && hasWebAppButton(markup)) throw botApiError('BUTTON_TYPE_INVALID');
  return {
    chatId,
    replyTo:
      reply && !ephemeral ? { messageId: reply.messageId, allowWithout: reply.allowWithout } : undefined,
    content,
    ephemeral,
  };
}

/**
 * Sends what one of the sends that take ephemeral parameters built: an ephemeral message when it asked for one (only its
 * receiver sees it, ADR 0076), else an ordinary message.
 */
export function deliverSend(
  { platform }: MethodContext,
  bot: UserRow,
  options: SendOptions,
  content: MessageContent,
): Promise<WireMessage> {
  if (options.ephemeral) return platform.ephemeral.send(bot, options.chatId, options.ephemeral, content);
  return platform.messages.sendFromBot(bot, options.chatId, content, options.replyTo);
}
