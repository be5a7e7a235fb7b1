import { describe, expect, it } from 'vitest';
import { dateFlagsFromEntityFormat, dateFlagsFromMarkup, dateTimeFormatString } from './formatted-date.js';

describe('date-time formats', () => {
  it('accepts r alone or any mix of tTdDwW in markup', () => {
    expect(dateTimeFormatString(dateFlagsFromMarkup('R')!)).toBe('r');
    expect(dateTimeFormatString(dateFlagsFromMarkup('TtDdWw')!)).toBe('wdt');
    expect(dateTimeFormatString(dateFlagsFromMarkup('DT')!)).toBe('DT');
    expect(dateFlagsFromMarkup('')).toBe(0);
    expect(dateFlagsFromMarkup('rt')).toBeUndefined();
    expect(dateFlagsFromMarkup('ts')).toBeUndefined();
  });
  it('lets the last letter of a part win in a supplied entity', () => {
    expect(dateTimeFormatString(dateFlagsFromEntityFormat('tT')!)).toBe('T');
    expect(dateTimeFormatString(dateFlagsFromEntityFormat('Dd')!)).toBe('d');
  });
  it('writes no format for an empty one', () => {
    expect(dateTimeFormatString(0)).toBeUndefined();
  });
});
