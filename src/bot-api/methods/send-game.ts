import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { readSendOptions } from '../send-options.js';

/**
 * sendGame: a game the bot has (registered through the control API, the platform's BotFather step)
 * by its game_short_name; unknown names answer GAME_SHORT_NAME_INVALID, channels are refused.
 * Without an inline keyboard the message gets one "Play <title>" callback_game button. The rules
 * are platform/games/games.ts; spec sendGame, Game; ADR 0044.
 */
export const sendGame = defineMethod('sendGame', async (ctx) => {
  const { platform, botId } = ctx;
  const { game_short_name: shortName } = ctx.values;
  // The runner refuses an absent name (ADR 0084); one of blanks only is refused here, with its text.
  if (shortName.trim() === '') throw botApiError('PARAMETER_REQUIRED', { name: 'game_short_name' });
  const options = await readSendOptions(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  return platform.games.send(bot, options.chatId, shortName.trim(), options.content, options.replyTo);
});
