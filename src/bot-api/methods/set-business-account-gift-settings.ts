import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

const GIFT_TYPES = [
  'unlimited_gifts',
  'limited_gifts',
  'unique_gifts',
  'premium_subscription',
  'gifts_from_channels',
] as const;

/**
 * setBusinessAccountGiftSettings: can_change_gift_settings; show_gift_button and the five
 * AcceptedGiftTypes booleans (each required). The runner has refused a call without
 * accepted_gift_types (ADR 0084).
 */
export const setBusinessAccountGiftSettings = defineMethod('setBusinessAccountGiftSettings', async (ctx) => {
  const { params } = ctx;
  const connectionId = connectionIdOf(ctx);
  // accepted_gift_types is JSON: its own reader.
  const value = params.parsedJson('accepted_gift_types', 'AcceptedGiftTypes');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw botApiError('OBJECT_EXPECTED', { object: 'AcceptedGiftTypes' });
  }
  const accepted: Record<string, boolean> = {};
  for (const key of GIFT_TYPES) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field !== 'boolean') {
      const detail =
        field === undefined ? `Can't find field "${key}"` : `Field "${key}" must be of type Boolean`;
      throw botApiError('UNPARSABLE', { object: 'AcceptedGiftTypes', detail });
    }
    accepted[key] = field;
  }
  await ctx.platform.businessAccount.setGiftSettings(ctx.botId, connectionId, {
    show_gift_button: ctx.values.show_gift_button,
    accepted_gift_types: accepted,
  });
  return true;
});
