import { defineMethod } from '../define-method.js';
import { readRichMessage, resolveRichMedia } from '../rich-message-param.js';
import { checkChat } from '../send-media.js';
import { deliverSend, readSendOptions } from '../send-options.js';

/**
 * sendRichMessage (reference JSON 10.1; ADR 0051): a message whose content is `rich_message`, a
 * RichMessage parsed from InputRichMessage's HTML or Markdown. A rich message needs the right to
 * send text messages ("text messages, rich messages, ..."), and each kind of media block the right
 * to send that media. The common send options as sendMessage, and 10.3's
 * ephemeral_message_parameters (ADR 0096).
 */
export const sendRichMessage = defineMethod('sendRichMessage', async (ctx) => {
  // rich_message is JSON: its own reader (shared with the drafts and the edits).
  const parsed = readRichMessage(ctx, false);
  const options = await readSendOptions(ctx, { ephemeral: 'object' });
  const bot = await checkChat(ctx, options);
  const business = typeof options.content._business_connection_id === 'string';
  const richMessage = await resolveRichMedia(ctx, bot, business ? undefined : options.chatId, parsed);
  return deliverSend(ctx, bot, options, { rich_message: richMessage, ...options.content });
});
