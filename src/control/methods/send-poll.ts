import type { RouteContext } from '../control-context.js';

/**
 * POST /control/messages/poll: a person sends a poll or a quiz (`question`, `options`, `type?`,
 * `is_anonymous?`, `allows_multiple_answers?`, `allows_revoting?`, `correct_option_ids?` (or the
 * single `correct_option_id` of older clients), `explanation?`, `open_period?` or `close_date?`); the
 * bots of the chat get a `message` with `poll`. People vote in it with POST /control/polls/vote.
 */
export async function sendPoll({ platform, input }: RouteContext<'sendPoll'>) {
  return platform.personPolls.send(
    input.from,
    input.chat,
    {
      question: input.question,
      options: input.options,
      // The platform refuses another type in its own words.
      type: input.type as 'regular' | 'quiz',
      is_anonymous: input.is_anonymous,
      allows_multiple_answers: input.allows_multiple_answers,
      allows_revoting: input.allows_revoting,
      correct_option_ids: input.correct_option_ids,
      explanation: input.explanation,
      open_period: input.open_period,
      close_date: input.close_date,
    },
    input.reply_to_message_id,
  );
}
