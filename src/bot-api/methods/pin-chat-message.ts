import type { MethodContext } from '../method-context.js';
import { pinTarget } from '../pin-target.js';

/**
 * pinChatMessage: any message in a private chat; in groups with the can_pin_messages right (in
 * channels can_edit_messages). Adds the pinned_message service message. reference/bot-api-10.1.json
 * pinChatMessage; reference §2.3 ("message to pin not found").
 */
export async function pinChatMessage(ctx: MethodContext): Promise<true> {
  const { bot, chatId } = await pinTarget(ctx);
  const messageId = ctx.params.int('message_id') ?? 0;
  await ctx.platform.pins.pinByBot(bot, chatId, messageId, ctx.params.bool('disable_notification'));
  return true;
}
