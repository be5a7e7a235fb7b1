import { defineMethod } from '../define-method.js';
import { pinTarget } from '../pin-target.js';

/**
 * pinChatMessage: any message in a private chat; in groups with the can_pin_messages right (in
 * channels can_edit_messages). Adds the pinned_message service message. reference/bot-api-10.1.json
 * pinChatMessage; reference §2.3 ("message to pin not found").
 */
export const pinChatMessage = defineMethod('pinChatMessage', async (ctx) => {
  const { message_id: messageId, disable_notification: disableNotification } = ctx.values;
  const { bot, chatId } = await pinTarget(ctx);
  await ctx.platform.pins.pinByBot(bot, chatId, messageId, disableNotification);
  return true;
});
