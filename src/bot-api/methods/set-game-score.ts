import { readUserId } from '../chat-params.js';
import { readEditRef } from '../edit-target.js';
import { defineMethod } from '../define-method.js';

/**
 * setGameScore: the user's score in the game of a game message the bot sent (chat_id and
 * message_id) or that was sent through it (inline_message_id). A score not greater than the user's
 * current one answers BOT_SCORE_NOT_MODIFIED unless force; unless disable_edit_message the message
 * shows the chat's top scores. Answers the Message, or true for an inline message.
 * platform/games/games.ts; spec setGameScore; ADR 0044.
 */
export const setGameScore = defineMethod('setGameScore', async (ctx) => {
  const { platform } = ctx;
  const userId = readUserId(ctx);
  // The reference reads score as an optional integer (process_set_game_score_query): absent is 0.
  const { score = 0, force, disable_edit_message: disableEditMessage } = ctx.values;
  const { bot, ref } = await readEditRef(ctx);
  return platform.games.setScore(bot, ref, userId, score, {
    force,
    disableEditMessage,
  });
});
