import type { RouteContext } from '../control-context.js';

/**
 * POST /control/polls/vote: a person votes in the poll of a message (option_ids, 0-based; an empty
 * list retracts the vote). The bot that sent the poll gets `poll` and, for a poll that is not
 * anonymous, `poll_answer`. Answers the poll's new state.
 */
export async function votePoll({ platform, input }: RouteContext<'votePoll'>) {
  return platform.polls.vote(input.user, input.chat, input.message_id, input.option_ids);
}
