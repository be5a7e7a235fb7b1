import { optionalText, optionalWholeNumber, sender } from './person-send-inputs.js';
import { ControlError, optionalBoolean, requireString, type ControlContext } from '../control-context.js';

/**
 * POST /control/messages/poll: a person sends a poll or a quiz (`question`, `options`, `type?`,
 * `is_anonymous?`, `allows_multiple_answers?`, `allows_revoting?`, `correct_option_ids?`,
 * `explanation?`, `open_period?` or `close_date?`); the bots of the chat get a `message` with `poll`.
 * People vote in it with POST /control/polls/vote.
 */
export async function sendPoll({ platform, input }: ControlContext) {
  const { from, chat, replyTo } = sender(input);
  const type = optionalText(input, 'type');
  return platform.personPolls.send(
    from,
    chat,
    {
      question: requireString(input, 'question'),
      options: stringArray(input, 'options'),
      type: type as 'regular' | 'quiz' | undefined,
      is_anonymous: optionalBoolean(input, 'is_anonymous'),
      allows_multiple_answers: optionalBoolean(input, 'allows_multiple_answers'),
      allows_revoting: optionalBoolean(input, 'allows_revoting'),
      correct_option_ids: correctOptionIds(input),
      explanation: optionalText(input, 'explanation'),
      open_period: optionalWholeNumber(input, 'open_period'),
      close_date: optionalWholeNumber(input, 'close_date'),
    },
    replyTo,
  );
}

function stringArray(input: Record<string, unknown>, name: string): string[] {
  const value = input[name];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new ControlError(400, 'BAD_REQUEST', `${name} must be an array of strings`);
  }
  return value as string[];
}

/** correct_option_ids, or the single correct_option_id of older clients. */
function correctOptionIds(input: Record<string, unknown>): number[] | undefined {
  const value = input.correct_option_ids ?? input.correct_option_id;
  if (value === undefined || value === null) return undefined;
  const ids = Array.isArray(value) ? value : [value];
  if (!ids.every((id) => Number.isInteger(id))) {
    throw new ControlError(400, 'BAD_REQUEST', 'correct_option_ids must be an array of option indexes');
  }
  return ids as number[];
}
