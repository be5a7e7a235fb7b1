/**
 * setMessageReaction's `reaction` read as the reference's get_reaction_types: a JSON array of
 * ReactionType objects (spec "Reactions"). Which emoji are allowed is the platform's check, made
 * after the message is found (platform/messages/reactions.ts).
 */
import { botApiError } from './errors.js';
import type { Params } from './params.js';
import type { ReactionType } from '../platform/messages/reactions.js';

/** The detail of "can't parse ReactionType: <detail>". */
class TypeError_ extends Error {}

function field(item: Record<string, unknown>, name: string): unknown {
  if (item[name] === undefined) throw new TypeError_(`Can't find field "${name}"`);
  return item[name];
}

function reactionType(item: unknown): ReactionType {
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    throw new TypeError_('expected an Object');
  const o = item as Record<string, unknown>;
  const type = field(o, 'type');
  if (type === 'emoji') {
    const emoji = field(o, 'emoji');
    if (typeof emoji !== 'string') throw new TypeError_('Field "emoji" must be of type String');
    // An empty emoji is refused by TDLib itself, outside the parse error.
    if (emoji === '') throw botApiError('REACTION_TYPE_INVALID');
    return { type: 'emoji', emoji };
  }
  if (type === 'custom_emoji') {
    const id = field(o, 'custom_emoji_id');
    if (typeof id !== 'string' && typeof id !== 'number') {
      throw new TypeError_('Field "custom_emoji_id" must be a Number');
    }
    if (!/^\d{1,20}$/.test(String(id)))
      throw new TypeError_('Field "custom_emoji_id" must be a valid Number');
    return { type: 'custom_emoji', custom_emoji_id: String(id) };
  }
  // Paid reactions can't be used by bots (spec setMessageReaction).
  throw new TypeError_('invalid reaction type specified');
}

/** The list to set; empty when `reaction` is absent or null (which removes the bot's reactions). */
export function readReactionTypes(params: Params): ReactionType[] {
  const text = params.json('reaction');
  if (text === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw botApiError('JSON_UNPARSABLE', { object: 'reaction types' });
  }
  if (value === null) return [];
  if (!Array.isArray(value)) throw botApiError('ARRAY_EXPECTED', { of: 'ReactionType' });
  return value.map((item) => {
    try {
      return reactionType(item);
    } catch (error) {
      if (error instanceof TypeError_) {
        throw botApiError('UNPARSABLE', { object: 'ReactionType', detail: error.message });
      }
      throw error;
    }
  });
}
