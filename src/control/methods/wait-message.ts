import { ControlError, type RouteContext } from '../control-context.js';

/**
 * POST /control/wait: waits server-side for the next message a person receives in a chat (after the
 * read cursor, or after after_message_id). 408 WAIT_TIMEOUT at the deadline.
 */
export async function waitForMessage({ platform, input, signal }: RouteContext<'waitForMessage'>) {
  const message = await platform.ephemeral.waitForUser(
    input.user,
    input.chat,
    input.timeout * 1000,
    input.after_message_id,
    signal,
  );
  if (!message) {
    throw new ControlError(408, 'WAIT_TIMEOUT', `no message arrived within ${input.timeout} seconds`);
  }
  return message;
}
