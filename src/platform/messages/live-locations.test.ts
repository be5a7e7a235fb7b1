import { describe, expect, it } from 'vitest';
import { PlatformError } from '../core/errors.js';
import { activeLivePeriod, extendedLivePeriod, movedLocation, stoppedLocation } from './live-locations.js';

const SENT = 1_000_000;
const live = (live_period: number, extra: Record<string, unknown> = {}) => ({
  location: { latitude: 1, longitude: 2, live_period, ...extra },
});
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof PlatformError) return error.code;
    throw error;
  }
  return 'ok';
};

describe('live locations', () => {
  it('are live from the send date for live_period, or forever', () => {
    expect(activeLivePeriod(live(60), SENT, SENT + 59)).toBe(60);
    expect(codeOf(() => activeLivePeriod(live(60), SENT, SENT + 60))).toBe('MESSAGE_CANT_BE_EDITED');
    expect(activeLivePeriod(live(0x7fffffff), SENT, SENT + 400 * 86_400)).toBe(0x7fffffff);
  });

  it('refuse a plain location, a venue and a message without a location', () => {
    expect(codeOf(() => activeLivePeriod({ location: { latitude: 1, longitude: 2 } }, SENT, SENT))).toBe(
      'MESSAGE_CANT_BE_EDITED',
    );
    expect(codeOf(() => activeLivePeriod({ text: 'hi' }, SENT, SENT))).toBe('NO_LIVE_LOCATION_TO_EDIT');
    expect(codeOf(() => activeLivePeriod({ ...live(60), venue: {} }, SENT, SENT))).toBe(
      'NO_LIVE_LOCATION_TO_EDIT',
    );
  });

  it('extend the live period by at most a day, within 90 days, never into the past', () => {
    expect(extendedLivePeriod(600, undefined, SENT, SENT + 10)).toBe(600);
    expect(extendedLivePeriod(600, 0, SENT, SENT + 10)).toBe(600);
    expect(extendedLivePeriod(600, 0x7fffffff, SENT, SENT + 10)).toBe(0x7fffffff);
    expect(extendedLivePeriod(600, 600 + 86_400, SENT, SENT + 10)).toBe(87_000);
    expect(codeOf(() => extendedLivePeriod(600, 601 + 86_400, SENT, SENT + 10))).toBe('LIVE_PERIOD_INVALID');
    expect(codeOf(() => extendedLivePeriod(600, 100, SENT, SENT + 100))).toBe('LIVE_PERIOD_INVALID');
    expect(extendedLivePeriod(0x7fffffff, 91 * 86_400, SENT, SENT + 2 * 86_400)).toBe(91 * 86_400);
    expect(codeOf(() => extendedLivePeriod(0x7fffffff, 91 * 86_400, SENT, SENT))).toBe('LIVE_PERIOD_INVALID');
  });

  it('move to the new point with the new heading and radius, in sendLocation key order', () => {
    const moved = movedLocation(
      live(600, { heading: 90, proximity_alert_radius: 50 }),
      { latitude: 3, longitude: 4, horizontal_accuracy: 10, heading: 180 },
      SENT,
      SENT + 30,
    );
    expect(Object.entries(moved)).toEqual([
      ['latitude', 3],
      ['longitude', 4],
      ['live_period', 600],
      ['heading', 180],
      ['horizontal_accuracy', 10],
    ]);
  });

  it('stop where they are, without the live fields', () => {
    expect(stoppedLocation(live(600, { heading: 90, horizontal_accuracy: 5 }), SENT, SENT)).toEqual({
      latitude: 1,
      longitude: 2,
      horizontal_accuracy: 5,
    });
    expect(codeOf(() => stoppedLocation(live(60), SENT, SENT + 61))).toBe('MESSAGE_CANT_BE_EDITED');
  });
});
