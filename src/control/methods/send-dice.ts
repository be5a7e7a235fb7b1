import { optionalText, sender } from './person-send-inputs.js';
import type { ControlContext } from '../control-context.js';

/**
 * POST /control/messages/dice: a person throws a dice (`emoji?`: 🎲 🎯 🎳 🏀 ⚽ 🎰, 🎲 by default)
 * whose value the platform draws; the bots of the chat get a `message` with `dice`.
 */
export async function sendDice({ platform, input }: ControlContext) {
  const { from, chat, replyTo } = sender(input);
  return platform.personContent.dice(from, chat, optionalText(input, 'emoji'), replyTo);
}
