import { ControlError, optionalInteger, requireString, type ControlContext } from '../control-context.js';

/**
 * POST /control/wait: waits server-side for the next message a person receives in a chat (after the
 * read cursor, or after after_message_id). 408 WAIT_TIMEOUT at the deadline.
 */
export async function waitMessage({ platform, input, signal }: ControlContext) {
  const timeout = optionalInteger(input, 'timeout', 0, 300) ?? 10;
  const message = await platform.messages.waitForUser(
    requireString(input, 'user'),
    requireString(input, 'chat'),
    timeout * 1000,
    optionalInteger(input, 'after_message_id', 0, 2 ** 31 - 1),
    signal,
  );
  if (!message) throw new ControlError(408, 'WAIT_TIMEOUT', `no message arrived within ${timeout} seconds`);
  return message;
}
