import { WebError, positive, text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/vote: the person votes in the poll of a message (`option_ids`, 0-based; an empty
 * list retracts the vote). Answers the poll's new state.
 */
export async function votePoll({ platform, session, input }: WebContext) {
  const options = input.option_ids;
  if (!Array.isArray(options) || !options.every((id) => Number.isSafeInteger(id) && (id as number) >= 0)) {
    throw new WebError(400, 'BAD_REQUEST', 'option_ids must be an array of option indexes');
  }
  return platform.polls.vote(
    String(session.userId),
    text(input, 'chat', true),
    positive(input, 'message_id', true),
    options as number[],
  );
}
