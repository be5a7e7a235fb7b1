import { ControlError, type ControlContext } from '../control-context.js';

/** POST /control/clock/advance: moves the virtual clock forward (local profile). */
export async function advanceClock({ time, input }: ControlContext) {
  const seconds = input.seconds;
  if (typeof seconds !== 'number' && typeof seconds !== 'string') {
    throw new ControlError(400, 'BAD_REQUEST', 'seconds is required');
  }
  return time.advance(Number(seconds));
}
