import { readUserId } from '../chat-params.js';
import { readEditRef } from '../edit-target.js';
import { defineMethod } from '../define-method.js';

/**
 * getGameHighScores: the high-score table of the game of a message (in its chat): the top three
 * and the user with their neighbours. platform/games/games.ts; spec getGameHighScores; ADR 0044.
 */
export const getGameHighScores = defineMethod('getGameHighScores', async (ctx) => {
  const userId = readUserId(ctx);
  const { bot, ref } = await readEditRef(ctx);
  return ctx.platform.games.highScores(bot, ref, userId);
});
