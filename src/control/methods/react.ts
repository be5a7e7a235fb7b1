import { ControlError, type RouteContext } from '../control-context.js';
import type { ReactionType } from '../../platform/messages/reactions.js';

/** `reaction` (ReactionType objects) or `emoji` (one emoji or a list); neither means none. */
function readReaction(input: RouteContext<'react'>['input']): ReactionType[] {
  if (input.reaction !== undefined) {
    return input.reaction.map((item: unknown) => {
      const r = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      if (r.type === 'emoji' && typeof r.emoji === 'string') return { type: 'emoji', emoji: r.emoji };
      if (r.type === 'custom_emoji' && ['string', 'number'].includes(typeof r.custom_emoji_id)) {
        return { type: 'custom_emoji', custom_emoji_id: String(r.custom_emoji_id) };
      }
      if (r.type === 'paid') return { type: 'paid' };
      throw new ControlError(
        400,
        'BAD_REQUEST',
        'each reaction must be {type:"emoji",emoji}, {type:"custom_emoji",custom_emoji_id} or {type:"paid"}',
      );
    });
  }
  return (input.emoji ?? []).map((emoji) => ({ type: 'emoji', emoji }));
}

/**
 * POST /control/reactions: a person sets their reactions to a message (none removes them);
 * administrator bots that asked for message_reaction get it. Answers the message's reactions.
 */
export async function react({ platform, input }: RouteContext<'react'>) {
  return platform.reactions.setByUser(
    input.user,
    input.chat,
    input.message_id,
    readReaction(input),
    input.is_big,
  );
}

/** GET /control/reactions: a message's reactions as a person's client shows them. */
export async function getReactions({ platform, input }: RouteContext<'getReactions'>) {
  return platform.reactions.stateFor(input.user, input.chat, input.message_id);
}
