import { describe, expect, it } from 'vitest';
import { checkGiveaway, drawWinners, splitStars } from './giveaway-rules.js';

const NOW = 1_000_000;
const base = { winner_count: 3, until_date: NOW + 60, prize_star_count: 300 };

describe('giveaway rules', () => {
  it('accepts a Stars or a Premium giveaway and upper-cases the country codes', () => {
    expect(checkGiveaway({ ...base, country_codes: ['de', 'FR', 'de'] }, NOW)).toEqual(['DE', 'FR']);
    expect(
      checkGiveaway({ winner_count: 1, until_date: NOW + 1, premium_subscription_month_count: 6 }, NOW),
    ).toEqual([]);
  });

  it('refuses counts, dates, prizes and codes out of range', () => {
    const refused = [
      { ...base, winner_count: 0 },
      { ...base, winner_count: 101 },
      { ...base, until_date: NOW },
      { ...base, until_date: NOW + 366 * 86_400 },
      { ...base, prize_star_count: 2 },
      { ...base, premium_subscription_month_count: 3 },
      { winner_count: 1, until_date: NOW + 1 },
      { winner_count: 1, until_date: NOW + 1, premium_subscription_month_count: 4 },
      { ...base, prize_description: ' ' },
      { ...base, prize_description: 'x'.repeat(129) },
      { ...base, country_codes: ['DEU'] },
    ];
    for (const input of refused) expect(() => checkGiveaway(input, NOW), JSON.stringify(input)).toThrow();
  });

  it('draws distinct winners among the eligible, at most as many as there are', () => {
    let seed = 7;
    const random = {
      int: (min: number, max: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return min + (seed % (max - min));
      },
    };
    const eligible = [11, 12, 13, 14, 15, 16];
    for (let round = 0; round < 20; round++) {
      const winners = drawWinners(eligible, 3, random);
      expect(winners).toHaveLength(3);
      expect(new Set(winners).size).toBe(3);
      for (const id of winners) expect(eligible).toContain(id);
    }
    expect(drawWinners([1, 2], 5, random).sort()).toEqual([1, 2]);
    expect(drawWinners([], 5, random)).toEqual([]);
    expect(eligible).toEqual([11, 12, 13, 14, 15, 16]);
  });

  it('splits a Stars prize in whole Stars and gives back what nobody won', () => {
    expect(splitStars(1000, 3, 3)).toEqual({ share: 333, refund: 1 });
    expect(splitStars(1000, 3, 1)).toEqual({ share: 333, refund: 667 });
    expect(splitStars(900, 3, 0)).toEqual({ share: 300, refund: 900 });
  });
});
