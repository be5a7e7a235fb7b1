import type { RouteContext } from '../control-context.js';

/** GET /control/clock: the virtual time and how far it is ahead of the system clock. */
export async function getClock({ time }: RouteContext<'getClock'>) {
  return time.state();
}
