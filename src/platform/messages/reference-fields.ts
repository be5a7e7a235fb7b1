/**
 * The reference platform's names beside the spec's, as a message is rendered (ADR 0072): bots and
 * libraries written for the reference read fields the spec renames or its documentation dropped.
 *
 * - A venue carries the reference's `foursquare_id`/`foursquare_type` and
 *   `google_place_id`/`google_place_type` beside the spec's `venueprovider1_*`/`venueprovider2_place_*`
 *   (the spec renames them; DESIGN.md).
 * - A forward carries the legacy `forward_from`, `forward_from_chat`, `forward_from_message_id`,
 *   `forward_signature`, `forward_sender_name` and `forward_date` beside `forward_origin`, computed from
 *   it as the reference server's JsonMessage does.
 */
import type { WireMessage } from '../core/wire-types.js';

/** The spec's venue fields and the reference's name of each. */
const VENUE_NAMES: ReadonlyArray<readonly [spec: string, reference: string]> = [
  ['venueprovider1_id', 'foursquare_id'],
  ['venueprovider1_type', 'foursquare_type'],
  ['venueprovider2_place_id', 'google_place_id'],
  ['venueprovider2_place_type', 'google_place_type'],
];

/**
 * Copies the stored content's fields into `message` in their order (internal `_` fields left out),
 * with the reference's fields written beside the spec's where the reference writes both.
 */
export function copyWithReferenceFields(message: WireMessage, content: Record<string, unknown>): void {
  for (const key of Object.keys(content)) {
    if (key.startsWith('_')) continue;
    const value = content[key];
    if (key === 'venue') {
      message.venue = venueWithReferenceNames(value);
    } else {
      message[key] = value;
      if (key === 'forward_origin') Object.assign(message, legacyForwardFields(value));
    }
  }
}

/** A Venue with the reference's provider fields after each of the spec's. */
export function venueWithReferenceNames(venue: unknown): unknown {
  if (typeof venue !== 'object' || venue === null) return venue;
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(venue)) {
    wire[key] = value;
    const reference = VENUE_NAMES.find(([spec]) => spec === key)?.[1];
    if (reference !== undefined) wire[reference] = value;
  }
  return wire;
}

/**
 * The fields the reference server still writes for a forward, from its MessageOrigin (JsonMessage):
 * a user's forward names the user, a hidden user's only the name, a chat's the chat (and the
 * signature), a channel's the channel, the post's id (and the signature); all give the original date.
 */
export function legacyForwardFields(origin: unknown): Record<string, unknown> {
  if (typeof origin !== 'object' || origin === null) return {};
  const o = origin as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  const signature = typeof o.author_signature === 'string' ? { forward_signature: o.author_signature } : {};
  switch (o.type) {
    case 'user':
      fields.forward_from = o.sender_user;
      break;
    case 'hidden_user':
      fields.forward_sender_name = o.sender_user_name;
      break;
    case 'chat':
      Object.assign(fields, { forward_from_chat: o.sender_chat, ...signature });
      break;
    case 'channel':
      Object.assign(fields, {
        forward_from_chat: o.chat,
        forward_from_message_id: o.message_id,
        ...signature,
      });
      break;
    default:
      break;
  }
  if (typeof o.date === 'number') fields.forward_date = o.date;
  return fields;
}
