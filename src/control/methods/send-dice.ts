import type { RouteContext } from '../control-context.js';

/**
 * POST /control/messages/dice: a person throws a dice (`emoji?`: 🎲 🎯 🎳 🏀 ⚽ 🎰, 🎲 by default)
 * whose value the platform draws; the bots of the chat get a `message` with `dice`.
 */
export async function sendDice({ platform, input }: RouteContext<'sendDice'>) {
  return platform.personContent.dice(input.from, input.chat, input.emoji, input.reply_to_message_id);
}
