import { describe, expect, it } from 'vitest';
import { ADMIN_RIGHT_NAMES, PERMISSION_NAMES } from './control-types.js';
import { ADMIN_RIGHT_KEYS, PERMISSION_KEYS } from '../platform/chat-rights.js';

describe('the control API contract of the test kit', () => {
  it('names the same rights and permissions as the platform', () => {
    expect(ADMIN_RIGHT_NAMES).toEqual(ADMIN_RIGHT_KEYS);
    expect(PERMISSION_NAMES).toEqual(PERMISSION_KEYS);
  });
});
