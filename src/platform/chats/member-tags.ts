/**
 * Members' tags (setChatMemberTag, ADR 0048): a short label an administrator with can_manage_tags
 * gives a regular member (ChatMemberMember, ChatMemberRestricted) of a group or supergroup. As the
 * nearest documented rule, a custom title's (setChatAdministratorCustomTitle): trimmed, more than
 * the documented 16 characters refused ("tag is too long", ADR 0071), no emoji, an empty tag
 * removes it. getChatMember shows it as `tag`.
 */
import { stateOf } from './chat-access.js';
import { hasRight } from './chat-rights.js';
import {
  actingIn,
  commit,
  targetUser,
  type Acting,
  type ActingIn,
  type GroupContext,
} from './group-context.js';
import { PlatformError } from '../core/errors.js';
import { checkLength } from '../formatting/index.js';

/** The longest tag (spec: 0-16 characters). */
export const MEMBER_TAG_LIMIT = 16;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3|\ufe0f/u;

export class MemberTags {
  constructor(private readonly ctx: GroupContext) {}

  /** setChatMemberTag: groups and supergroups; can_manage_tags; regular members only. */
  async set(acting: Acting, targetRef: number | string, tag: string): Promise<void> {
    const target = await targetUser(this.ctx, targetRef);
    const trimmed = tag.trim();
    await commit(this.ctx, async (tx) => {
      const at = await actingIn(this.ctx, tx, acting);
      checkMayManageTags(at);
      const state = await stateOf(tx, at.chat, target.id, this.ctx.deps.clock.now());
      if (state.status === 'creator' || state.status === 'administrator')
        throw new PlatformError('USER_IS_ADMINISTRATOR', 'user is an administrator of the chat');
      if (state.status !== 'member' && !(state.status === 'restricted' && state.data.is_member))
        throw new PlatformError('USER_NOT_PARTICIPANT', 'the user is not a member of the chat');
      checkLength(trimmed, { field: 'tag', min: 0, max: MEMBER_TAG_LIMIT });
      if (EMOJI.test(trimmed))
        throw new PlatformError('MEMBER_TAG_EMOJI_NOT_ALLOWED', 'emoji are not allowed in tags');
      await tx.setMemberTag(at.chat.pk, target.id, trimmed === '' ? null : trimmed);
    });
  }
}

/** Refuses setChatMemberTag outside groups and supergroups, or without can_manage_tags. */
export function checkMayManageTags(at: ActingIn): void {
  if (at.chat.type !== 'group' && at.chat.type !== 'supergroup')
    throw new PlatformError('GROUPS_ONLY', 'method is available for group and supergroup chats only');
  if (!hasRight(at.state, 'can_manage_tags'))
    throw new PlatformError('NOT_ENOUGH_RIGHTS', 'not enough rights to manage tags of chat members');
}
