import { optionalInteger, requireString, type ControlContext } from '../control-context.js';

/**
 * POST /control/press: a person presses an inline button (by its text) on a message and waits for
 * the bot's answer; answers with what the person's client shows.
 */
export async function pressButton({ platform, input, signal }: ControlContext) {
  const timeout = optionalInteger(input, 'timeout', 0, 300) ?? 10;
  return platform.callbackQueries.press(
    requireString(input, 'user'),
    requireString(input, 'chat'),
    optionalInteger(input, 'message_id', 1, 2 ** 31 - 1) ?? 0,
    requireString(input, 'button'),
    timeout * 1000,
    signal,
  );
}
