import { connectionIdOf, strictChatId } from '../business-params.js';
import { readInputChecklist } from '../checklist-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { parseReplyMarkup } from '../reply-markup.js';

/**
 * editMessageChecklist: a checklist the bot sent on behalf of a business account is replaced;
 * tasks that keep their id keep whether they are done; reply_markup an inline keyboard only
 * (absent: none). ADR 0048.
 */
export const editMessageChecklist = defineMethod('editMessageChecklist', async (ctx) => {
  const { params, platform, botId } = ctx;
  const connectionId = connectionIdOf(ctx);
  // strictChatId, not ctx.values.chat_id: a business chat's id is read strictly (reference §1.4).
  const chatId = strictChatId(ctx);
  const messageId = ctx.values.message_id;
  if (messageId <= 0) throw botApiError('MESSAGE_IDENTIFIER_NOT_SPECIFIED');
  const checklist = readInputChecklist(ctx);
  const markup = parseReplyMarkup(params);
  if (markup && markup.kind !== 'inline') throw botApiError('INLINE_KEYBOARD_EXPECTED');
  const bot = await platform.users.resolve(botId, 'bot');
  return platform.checklists.editByBot(bot, connectionId, chatId, messageId, checklist, markup?.markup);
});
