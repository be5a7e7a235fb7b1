import type { RouteContext } from '../control-context.js';

/** POST /control/clock/advance: moves the virtual clock forward (local profile). */
export async function advanceClock({ time, input }: RouteContext<'advanceClock'>) {
  return time.advance(input.seconds);
}
