/**
 * Waiting for the first answer of a control API wait that a filter accepts (`parley wait --from`,
 * `parley gateway wait-code --request-id`), the CLI's counterpart of the kit's `match` and
 * `requestId`: the waiting route is called again for what is left of the deadline until an answer
 * passes. The answers passed over count as received, as the kit's do: a later wait does not see them.
 */
import { ControlApiError } from '../testkit/index.js';

/** The control API's default wait (its `timeout` parameter), used when `--timeout` is absent. */
export const DEFAULT_WAIT_SECONDS = 10;

/**
 * Calls `wait` with the seconds left (the first call with all of them) until `accept` takes an
 * answer. With no time left, the route is still called with 0, which answers at once what already
 * arrived, so a `--timeout 0` wait looks through everything already there. The server's
 * WAIT_TIMEOUT is raised again saying what was waited for over the whole wait.
 */
export async function waitUntil<T>(
  seconds: number | undefined,
  wait: (seconds: number) => Promise<T>,
  accept: (answer: T) => boolean,
  what: string,
): Promise<T> {
  const total = seconds ?? DEFAULT_WAIT_SECONDS;
  const deadline = Date.now() + total * 1000;
  for (;;) {
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    let answer: T;
    try {
      answer = await wait(left);
    } catch (error) {
      if (error instanceof ControlApiError && error.error === 'WAIT_TIMEOUT') {
        throw new ControlApiError(error.status, error.error, `${what} within ${total} seconds`);
      }
      throw error;
    }
    if (accept(answer)) return answer;
  }
}
