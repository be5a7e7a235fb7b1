import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { targetChatId } from '../send-options.js';
import { chatActionName } from '../../platform/chats/chat-actions.js';

/**
 * sendChatAction: shows "typing", "upload_photo", ... in a chat the bot can write to, for at most
 * 5 seconds or until the bot's next message there; "cancel" stops it. The actions and aliases are
 * the reference's get_chat_action; the action is checked before the chat. Answers True.
 * spec/bot-api.md (sendChatAction); reference §2.3, §6.3.
 */
export const sendChatAction = defineMethod('sendChatAction', async (ctx) => {
  const { values, platform, botId } = ctx;
  // The runner has refused an absent action with the same CHAT_ACTION_INVALID.
  const action = chatActionName(values.action);
  if (action === undefined) throw botApiError('CHAT_ACTION_INVALID');
  const chatId = await targetChatId(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  const chat = await platform.chats.resolveForViewer(platform.deps.store, bot, chatId);
  platform.chatActions.set(chat.pk, bot.id, action);
  return true;
});
