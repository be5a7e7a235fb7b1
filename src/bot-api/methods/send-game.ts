import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { readSendOptions } from '../send-options.js';

/**
 * sendGame: a game the bot has (registered through the control API, the platform's BotFather step)
 * by its game_short_name; unknown names answer GAME_SHORT_NAME_INVALID, channels are refused.
 * Without an inline keyboard the message gets one "Play <title>" callback_game button. The rules
 * are platform/games/games.ts; spec sendGame, Game; ADR 0044.
 */
export async function sendGame(ctx: MethodContext) {
  const { params, platform, botId } = ctx;
  const shortName = params.string('game_short_name');
  if (shortName === undefined || shortName.trim() === '')
    throw botApiError('PARAMETER_REQUIRED', { name: 'game_short_name' });
  const options = await readSendOptions(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  return platform.games.send(bot, options.chatId, shortName.trim(), options.content, options.replyTo);
}
