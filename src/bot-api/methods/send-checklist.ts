import { connectionIdOf } from '../business-params.js';
import { readInputChecklist } from '../checklist-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { readSendOptions } from '../send-options.js';
import { checklistContent } from '../../platform/checklists/checklists.js';

/**
 * sendChecklist: on behalf of a connected business account only (the spec's
 * business_connection_id is required; its checks are sendMessage's on behalf of an account, ADR
 * 0049), into its private chat with a customer; reply_markup an inline keyboard only. The people
 * of the chat then mark tasks and add tasks (the control API). ADR 0048.
 */
export const sendChecklist = defineMethod('sendChecklist', async (ctx) => {
  const { platform, botId } = ctx;
  connectionIdOf(ctx);
  const checklist = readInputChecklist(ctx);
  const options = await readSendOptions(ctx);
  if (options.content._client_markup !== undefined) throw botApiError('INLINE_KEYBOARD_EXPECTED');
  const bot = await platform.users.resolve(botId, 'bot');
  return platform.messages.sendFromBot(
    bot,
    options.chatId,
    { ...checklistContent(checklist), ...options.content },
    options.replyTo,
  );
});
