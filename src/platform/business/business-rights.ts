/**
 * The rights a person gives the bot they connect to their business account (spec BusinessBotRights).
 * Stored as JSON with only the rights that are true, and shown so on the wire.
 */
export const BUSINESS_RIGHTS = [
  'can_reply',
  'can_read_messages',
  'can_delete_sent_messages',
  'can_delete_all_messages',
  'can_edit_name',
  'can_edit_bio',
  'can_edit_profile_photo',
  'can_edit_username',
  'can_change_gift_settings',
  'can_view_gifts_and_stars',
  'can_convert_gifts_to_stars',
  'can_transfer_and_upgrade_gifts',
  'can_transfer_stars',
  'can_manage_stories',
] as const;

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
