import { ControlError, optionalInteger, requireString, type ControlContext } from '../control-context.js';

/**
 * POST /control/polls/vote: a person votes in the poll of a message (option_ids, 0-based; an empty
 * list retracts the vote). The bot that sent the poll gets `poll` and, for a poll that is not
 * anonymous, `poll_answer`. Answers the poll's new state.
 */
export async function votePoll({ platform, input }: ControlContext) {
  const options = input.option_ids;
  if (!Array.isArray(options) || !options.every((o) => Number.isInteger(o) && (o as number) >= 0)) {
    throw new ControlError(400, 'BAD_REQUEST', 'option_ids must be an array of option indexes (0-based)');
  }
  return platform.polls.vote(
    requireString(input, 'user'),
    requireString(input, 'chat'),
    optionalInteger(input, 'message_id', 1, 2 ** 31 - 1) ?? 0,
    options as number[],
  );
}
