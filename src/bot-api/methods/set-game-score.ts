import { readUserId } from '../chat-params.js';
import { readEditRef } from '../edit-target.js';
import type { MethodContext } from '../method-context.js';

/**
 * setGameScore: the user's score in the game of a game message the bot sent (chat_id and
 * message_id) or that was sent through it (inline_message_id). A score not greater than the user's
 * current one answers BOT_SCORE_NOT_MODIFIED unless force; unless disable_edit_message the message
 * shows the chat's top scores. Answers the Message, or true for an inline message.
 * platform/games/games.ts; spec setGameScore; ADR 0044.
 */
export async function setGameScore(ctx: MethodContext) {
  const { params, platform } = ctx;
  const userId = readUserId(ctx);
  // The reference reads score as an optional integer (process_set_game_score_query): absent is 0.
  const score = params.int('score') ?? 0;
  const { bot, ref } = await readEditRef(ctx);
  return platform.games.setScore(bot, ref, userId, score, {
    force: params.bool('force'),
    disableEditMessage: params.bool('disable_edit_message'),
  });
}
