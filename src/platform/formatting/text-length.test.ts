import { describe, expect, it } from 'vitest';
import { PlatformError } from '../core/errors.js';
import { checkLength } from './text-length.js';

describe('checkLength', () => {
  const limit = { field: 'topic name', min: 1, max: 3 };

  it('counts code points, so an emoji is one character', () => {
    expect(() => checkLength('🙂🙂🙂', limit)).not.toThrow();
    expect(() => checkLength('a', limit)).not.toThrow();
  });

  it('refuses outside the range with the field and the bound', () => {
    expect(() => checkLength('🙂🙂🙂🙂', limit)).toThrow(
      expect.objectContaining({ code: 'STRING_TOO_LONG', data: { field: 'topic name', max: 3 } }),
    );
    expect(() => checkLength('', limit)).toThrow(
      expect.objectContaining({ code: 'STRING_TOO_SHORT', data: { field: 'topic name', min: 1 } }),
    );
  });

  it("answers the method's own refusals when given", () => {
    const tooLong = () => new PlatformError('ADMIN_RANK_INVALID', 'too long');
    expect(() => checkLength('abcd', limit, { tooLong })).toThrow(
      expect.objectContaining({ code: 'ADMIN_RANK_INVALID' }),
    );
  });
});
