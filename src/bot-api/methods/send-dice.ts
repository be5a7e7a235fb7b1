import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { checkChat } from '../send-media.js';
import { readSendOptions } from '../send-options.js';
import { DICE_MAX_VALUES } from '../../platform/messages/forwards.js';

/**
 * sendDice: an animated emoji with a random value from the platform's Random: 1-6 for 🎲 🎯 🎳,
 * 1-5 for 🏀 ⚽, 1-64 for 🎰; 🎲 when no emoji is given. The emoji may carry the emoji variation
 * selector (U+FE0F). Other emoji are refused with the platform's EMOTICON_INVALID (passed on as an
 * ALL_CAPS token, reference §2.2). spec/bot-api.md Dice; reference Appendix B.
 */
export const sendDice = defineMethod('sendDice', async (ctx) => {
  const { values, platform } = ctx;
  // 🎲 when absent (the declaration's default); the runner has refused other emoji already.
  const emoji = values.emoji.replace(/\uFE0F/g, '').trim();
  const options = await readSendOptions(ctx);
  const bot = await checkChat(ctx, options);
  const max = DICE_MAX_VALUES.get(emoji);
  if (max === undefined) throw botApiError('EMOTICON_INVALID');
  const dice = { emoji, value: platform.deps.random.int(1, max + 1) };
  return platform.messages.sendFromBot(bot, options.chatId, { dice, ...options.content }, options.replyTo);
});
