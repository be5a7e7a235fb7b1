/**
 * Members coming and going: a person adding a user or bot, a person joining a public supergroup or
 * channel, the core of every join (also by invite link and approved join request: invite-links.ts,
 * join-requests.ts), and leaving. The rules are in members.ts, which gathers these as `Members`.
 */
import { hasPermission, hasRight, isPresent } from './chat-rights.js';
import { chatPermissions, stateOf } from './chat-access.js';
import {
  changeMember,
  joinedState,
  leftState,
  postServiceMessage,
  type ServiceMessageTx,
} from './chat-events.js';
import { ChatMigrated, PlatformError } from '../core/errors.js';
import {
  chatForPerson,
  commit,
  targetUser,
  type Acting,
  type Effects,
  type GroupContext,
} from './group-context.js';
import { act, requireRight } from './member-changes.js';
import { renderUser } from '../users/users.js';
import type { ChatRow, InviteLinkRow, UserRow } from '../../storage/store.js';
import type { InvitesReader } from '../../storage/ports/invites.js';

/** A refusal of a person's request only (control API), said by its message. */
const bad = (text: string) => new PlatformError('BAD_REQUEST', text);

/** A person adds a user or bot to a chat they are in (spec: new_chat_members, my_chat_member). */
export async function addMember(
  ctx: GroupContext,
  acting: Acting,
  targetRef: number | string,
): Promise<void> {
  const target = await targetUser(ctx, targetRef);
  await act(ctx, acting, async (tx, at, effects) => {
    const { chat } = at;
    if (chat.migrated_to_id) throw new ChatMigrated(chat.migrated_to_id);
    const mayInvite =
      chat.type === 'channel'
        ? hasRight(at.state, 'can_invite_users')
        : hasPermission(at.state, chatPermissions(chat), 'can_invite_users');
    if (!mayInvite) {
      const text = `not enough rights to invite members to the ${chatNoun(chat)}`;
      throw new PlatformError('CHAT_ADMIN_REQUIRED', text);
    }
    if (target.is_bot) {
      if (chat.type === 'channel') {
        throw bad('a bot joins a channel only as an administrator: promote it instead');
      }
      const bot = await tx.getBot(target.id);
      if (!bot?.can_join_groups)
        throw new PlatformError('BOT_GROUPS_BLOCKED', 'this bot can not be added to groups');
    }
    const old = await stateOf(tx, chat, target.id, ctx.deps.clock.now());
    if (isPresent(old)) throw new PlatformError('USER_ALREADY_PARTICIPANT', 'the user is already a member');
    if (old.status === 'kicked') {
      requireRight(
        at.state,
        'can_restrict_members',
        () => new PlatformError('CHAT_ADMIN_REQUIRED', 'the user is banned in this chat: unban them first'),
      );
    }
    const next = joinedState(old.status === 'kicked' ? { status: 'left', data: {} } : old);
    await changeMember(ctx, tx, { chat, actor: at.actor, target, next }, effects);
    if (chat.type !== 'channel') {
      await postServiceMessage(
        ctx,
        tx,
        chat,
        at.actor.id,
        { new_chat_members: [renderUser(target)] },
        effects,
      );
    }
  });
}

/** A person joins a public supergroup or channel by its @username (or id). */
export async function joinPublic(
  ctx: GroupContext,
  userRef: string,
  chatRef: string | number,
): Promise<ChatRow> {
  const user = await ctx.users.resolve(userRef, 'user');
  return commit(ctx, async (tx, effects) => {
    const { chat } = await chatForPerson(ctx, tx, user, chatRef, false);
    if (!chat.username) throw bad(`chat ${chat.id} is private: join it by an invite link`);
    await joinChat(ctx, tx, chat, user, effects, {});
    return chat;
  });
}

/**
 * The core of joining (public chat, invite link, approved join request, a community's chat): the
 * user becomes a member, bots hear of it, groups show new_chat_members, or, for a join from a
 * community (Bot API 10.3, ADR 0096), community_chat_joined instead.
 */
export async function joinChat(
  ctx: GroupContext,
  tx: InvitesReader & ServiceMessageTx,
  chat: ChatRow,
  user: UserRow,
  effects: Effects,
  via: {
    link?: InviteLinkRow;
    approvedBy?: UserRow;
    subscriptionUntil?: number;
    community?: { id: number; name: string };
  },
): Promise<void> {
  if (chat.migrated_to_id) throw new ChatMigrated(chat.migrated_to_id);
  const old = await stateOf(tx, chat, user.id, ctx.deps.clock.now());
  if (old.status === 'kicked')
    throw new PlatformError('USER_BANNED_IN_CHANNEL', 'the user is banned in this chat');
  if (isPresent(old)) throw new PlatformError('USER_ALREADY_PARTICIPANT', 'the user is already a member');
  const next = joinedState(old, via.link?.link, via.subscriptionUntil);
  await changeMember(
    ctx,
    tx,
    {
      chat,
      actor: via.approvedBy ?? user,
      target: user,
      next,
      inviteLink: via.link,
      viaJoinRequest: via.approvedBy !== undefined,
    },
    effects,
  );
  if (chat.type !== 'channel') {
    const content = via.community
      ? { community_chat_joined: { community: via.community } }
      : { new_chat_members: [renderUser(user)] };
    await postServiceMessage(ctx, tx, chat, user.id, content, effects);
  }
}

/** The actor leaves (leaveChat, or a person leaving); the creator of a chat stays. */
export async function leaveChat(ctx: GroupContext, acting: Acting): Promise<void> {
  await act(
    ctx,
    acting,
    async (tx, at, effects) => {
      const { chat, actor } = at;
      if (chat.type === 'private')
        throw new PlatformError('CANT_LEAVE_PRIVATE_CHAT', "can't leave private chats");
      if (chat.migrated_to_id) throw new PlatformError('CHAT_DEACTIVATED', 'chat is deactivated');
      if (at.state.status === 'creator')
        throw new PlatformError('CREATOR_CANT_LEAVE', 'the creator of a chat can not leave it');
      if (!isPresent(at.state)) throw new PlatformError('NOT_IN_CHAT', 'not in the chat');
      await changeMember(ctx, tx, { chat, actor, target: actor, next: leftState(at.state) }, effects);
      if (chat.type !== 'channel') {
        const content = { left_chat_member: renderUser(actor) };
        await postServiceMessage(ctx, tx, chat, actor.id, content, effects, actor.is_bot ? [actor.id] : []);
      }
    },
    'read',
  );
}

function chatNoun(chat: ChatRow): string {
  return chat.type === 'group' ? 'group chat' : chat.type === 'channel' ? 'channel chat' : 'supergroup chat';
}
