/** The virtual clock (local profile): reading it and moving it forward. */
import { int, params, route } from './dsl.js';

/** Ten years of seconds: the farthest the clock moves in one call. */
export const MAX_ADVANCE_SECONDS = 10 * 365 * 86_400;

const CLOCK_DISABLED = {
  status: 403,
  description: 'Clock control is disabled in the `strict` profile.',
  codes: ['CLOCK_CONTROL_DISABLED'],
} as const;

export const CLOCK = {
  advanceClock: route({
    method: 'POST',
    path: '/clock/advance',
    tag: 'clock',
    summary: 'Move the virtual clock forward',
    params: params('AdvanceClockParams', {
      seconds: int({
        required: true,
        min: 1,
        max: MAX_ADVANCE_SECONDS,
        invalid: 'seconds must be a positive integer (at most ten years)',
        description: 'How far to move the clock forward.',
      }),
    }),
    result: 'ClockState',
    answer: 'The virtual clock.',
    errors: [CLOCK_DISABLED],
  }),

  getClock: route({
    method: 'GET',
    path: '/clock',
    tag: 'clock',
    summary: 'Read the virtual clock',
    result: 'ClockState',
    answer: 'The virtual clock.',
  }),
} as const;
