import {
  ControlError,
  optionalBoolean,
  optionalInteger,
  requireString,
  type ControlContext,
} from '../control-context.js';
import type { ReactionType } from '../../platform/reactions.js';

/** `reaction` (ReactionType objects) or `emoji` (one emoji or a list); neither means none. */
function readReaction(input: Record<string, unknown>): ReactionType[] {
  const bad = (text: string) => new ControlError(400, 'BAD_REQUEST', text);
  if (input.reaction !== undefined && input.reaction !== null) {
    if (!Array.isArray(input.reaction)) throw bad('reaction must be an array of ReactionType objects');
    return input.reaction.map((item: unknown) => {
      const r = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      if (r.type === 'emoji' && typeof r.emoji === 'string') return { type: 'emoji', emoji: r.emoji };
      if (r.type === 'custom_emoji' && ['string', 'number'].includes(typeof r.custom_emoji_id)) {
        return { type: 'custom_emoji', custom_emoji_id: String(r.custom_emoji_id) };
      }
      if (r.type === 'paid') return { type: 'paid' };
      throw bad(
        'each reaction must be {type:"emoji",emoji}, {type:"custom_emoji",custom_emoji_id} or {type:"paid"}',
      );
    });
  }
  const emoji = input.emoji;
  if (emoji === undefined || emoji === null || emoji === '') return [];
  const list = Array.isArray(emoji) ? emoji : [emoji];
  if (!list.every((e) => typeof e === 'string')) throw bad('emoji must be a string or an array of strings');
  return (list as string[]).map((e) => ({ type: 'emoji', emoji: e }));
}

/**
 * POST /control/reactions: a person sets their reactions to a message (none removes them);
 * administrator bots that asked for message_reaction get it. Answers the message's reactions.
 */
export async function react({ platform, input }: ControlContext) {
  return platform.reactions.setByUser(
    requireString(input, 'user'),
    requireString(input, 'chat'),
    optionalInteger(input, 'message_id', 1, 2 ** 31 - 1) ?? 0,
    readReaction(input),
    optionalBoolean(input, 'is_big') ?? false,
  );
}

/** GET /control/reactions: a message's reactions as a person's client shows them. */
export async function getReactions({ platform, input }: ControlContext) {
  return platform.reactions.stateFor(
    requireString(input, 'user'),
    requireString(input, 'chat'),
    optionalInteger(input, 'message_id', 1, 2 ** 31 - 1) ?? 0,
  );
}
