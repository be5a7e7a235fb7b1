/**
 * The rights a person gives the bot they connect to their business account (spec BusinessBotRights).
 * Stored as JSON with only the rights that are true, and shown so on the wire.
 */
import { BUSINESS_RIGHT_NAMES } from '../../wire/control-schema/rights.js';

/** The rights in the spec's order, written once with the control API's (wire/control-schema/rights.ts). */
export const BUSINESS_RIGHTS = BUSINESS_RIGHT_NAMES;

export type BusinessRight = (typeof BUSINESS_RIGHTS)[number];
export type BusinessRights = Partial<Record<BusinessRight, true>>;

/** The rights named in `given` that are known and true, in the spec's order. */
export function normalizeRights(given: Partial<Record<string, boolean | undefined>>): BusinessRights {
  const rights: BusinessRights = {};
  for (const name of BUSINESS_RIGHTS) if (given[name] === true) rights[name] = true;
  return rights;
}

export function parseRights(json: string): BusinessRights {
  return normalizeRights(JSON.parse(json) as Record<string, boolean>);
}
