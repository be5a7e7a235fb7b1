import { ControlError, type ControlContext } from '../control-context.js';

/** POST /control/clock/advance: moves the virtual clock forward (local profile). */
export async function advanceClock({ time, input }: ControlContext) {
  const seconds = input.seconds;
  if (typeof seconds !== 'number' && typeof seconds !== 'string') {
    throw new ControlError(400, 'BAD_REQUEST', 'seconds is required');
  }
  // A whole number of seconds in decimal digits, as every other integer of the control API.
  if (typeof seconds === 'string' && !/^-?\d+$/.test(seconds.trim())) {
    throw new ControlError(400, 'BAD_REQUEST', 'seconds must be a positive integer (at most ten years)');
  }
  return time.advance(Number(seconds));
}
