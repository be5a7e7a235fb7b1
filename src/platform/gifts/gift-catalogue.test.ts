import { describe, expect, it } from 'vitest';
import { catalogueGift, drawSymbol, GIFT_CATALOGUE } from './gift-catalogue.js';

describe('the gift catalogue', () => {
  it('has unique 19-digit ids, conversions below the price, limits where personal limits are', () => {
    expect(new Set(GIFT_CATALOGUE.map((gift) => gift.id)).size).toBe(GIFT_CATALOGUE.length);
    for (const gift of GIFT_CATALOGUE) {
      expect(gift.id).toMatch(/^\d{19}$/);
      expect(gift.convert_star_count).toBeLessThan(gift.star_count);
      if (gift.personal_total_count !== undefined) {
        expect(gift.total_count).toBeGreaterThanOrEqual(gift.personal_total_count);
      }
    }
    expect(catalogueGift(GIFT_CATALOGUE[0]!.id)).toBe(GIFT_CATALOGUE[0]);
    expect(catalogueGift('1')).toBeUndefined();
  });

  it('draws PNG images', () => {
    const png = drawSymbol('disc', 0x112233);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
