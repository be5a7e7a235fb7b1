import { readEditRef } from '../edit-target.js';
import { defineMethod } from '../define-method.js';
import { inlineMarkupPatch } from './edit-message-reply-markup.js';

/**
 * stopMessageLiveLocation: stops a live location before its live_period ends; it stays where it
 * last was and can no longer be moved. The inline keyboard is replaced as by other edits. Answers
 * the edited Message, or true for an inline message. spec stopMessageLiveLocation.
 */
export const stopMessageLiveLocation = defineMethod('stopMessageLiveLocation', async (ctx) => {
  // The message (chat_id and message_id, or inline_message_id) and reply_markup: the edits' readers.
  const markup = inlineMarkupPatch(ctx);
  const { bot, ref } = await readEditRef(ctx);
  return ctx.platform.edits.editLiveLocationByBot(bot, ref, 'stop', markup);
});
