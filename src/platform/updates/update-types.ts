/** The update types a bot can get (Bot API `Update`'s optional fields), in the reference's order. */
export const UPDATE_TYPES = [
  'message',
  'edited_message',
  'channel_post',
  'edited_channel_post',
  'business_connection',
  'business_message',
  'edited_business_message',
  'deleted_business_messages',
  'guest_message',
  'message_reaction',
  'message_reaction_count',
  'inline_query',
  'chosen_inline_result',
  'callback_query',
  'shipping_query',
  'pre_checkout_query',
  'purchased_paid_media',
  'poll',
  'poll_answer',
  'my_chat_member',
  'chat_member',
  'chat_join_request',
  'chat_boost',
  'removed_chat_boost',
  'managed_bot',
  'subscription',
] as const;
export type UpdateType = (typeof UPDATE_TYPES)[number];

/** Types that are only sent when listed explicitly in allowed_updates. */
const OPT_IN_TYPES = new Set<string>(['chat_member', 'message_reaction', 'message_reaction_count']);

/**
 * Parses an allowed_updates parameter (JSON text). Returns undefined when it is absent or not a JSON
 * array (the previous setting is then kept), otherwise the normalised list ([] = default set).
 */
export function parseAllowedUpdates(json: string | undefined): string[] | undefined {
  if (json === undefined || json === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const known = new Set<string>(UPDATE_TYPES);
  const types = value
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.toLowerCase())
    .filter((v) => known.has(v));
  return [...new Set(types)];
}

/** Whether a bot with this allowed_updates setting (JSON or null) receives updates of `type`. */
export function isAllowed(allowedJson: string | null, type: string): boolean {
  if (allowedJson === null) return !OPT_IN_TYPES.has(type);
  const list = JSON.parse(allowedJson) as string[];
  if (list.length === 0) return !OPT_IN_TYPES.has(type);
  return list.includes(type);
}
