import { readUserId } from '../chat-params.js';
import { readEditRef } from '../edit-target.js';
import type { MethodContext } from '../method-context.js';

/**
 * getGameHighScores: the high-score table of the game of a message (in its chat): the top three
 * and the user with their neighbours. platform/games/games.ts; spec getGameHighScores; ADR 0044.
 */
export async function getGameHighScores(ctx: MethodContext) {
  const userId = readUserId(ctx);
  const { bot, ref } = await readEditRef(ctx);
  return ctx.platform.games.highScores(bot, ref, userId);
}
