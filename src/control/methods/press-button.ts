import type { RouteContext } from '../control-context.js';

/**
 * POST /control/press: a person presses an inline button (by its text) on a message and waits for
 * the bot's answer; answers with what the person's client shows.
 */
export async function pressButton({ platform, input, signal }: RouteContext<'pressButton'>) {
  return platform.callbackQueries.press(
    input.user,
    input.chat,
    input.message_id,
    input.button,
    input.timeout * 1000,
    signal,
  );
}
