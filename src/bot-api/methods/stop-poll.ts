import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { messageIdParam } from '../forwarding.js';
import { parseReplyMarkup } from '../reply-markup.js';
import { targetChatId } from '../send-options.js';

/**
 * stopPoll: closes a poll the bot sent, optionally setting a new inline keyboard on its message
 * (without one the keyboard is removed, as by an edit). Answers the closed Poll; the bot also gets
 * a `poll` update with it. Texts: the reference's check_message ("message with poll to stop") and
 * TDLib's stop_poll. spec/bot-api.md Poll and Update; reference Appendix B.
 */
export const stopPoll = defineMethod('stopPoll', async (ctx) => {
  const { platform, params, botId } = ctx;
  const chatId = await targetChatId(ctx);
  const messageId = messageIdParam(ctx);
  // reply_markup is JSON: its own reader.
  const markup = parseReplyMarkup(params);
  if (markup && markup.kind !== 'inline') throw botApiError('INLINE_KEYBOARD_EXPECTED');
  const bot = await platform.users.resolve(botId, 'bot');
  const chat = await platform.chats.resolveForViewer(platform.deps.store, bot, chatId);
  return platform.polls.stop(bot, chat, messageId, markup?.markup);
});
