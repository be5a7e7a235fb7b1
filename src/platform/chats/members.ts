/**
 * Members of groups, supergroups and channels: adding, joining, leaving, banning, unbanning,
 * restricting and promoting, by a person (control API) or a bot (Bot API), with the platform's rules
 * and the reference's refusal texts (TDLib's DialogParticipantManager, reference §2.3):
 *
 * - bans, unbans and restrictions need can_restrict_members; the owner can't be touched ("can't
 *   remove chat owner"), nor oneself ("can't restrict self"), nor an administrator someone else
 *   promoted ("user is an administrator of the chat");
 * - restrictChatMember works in supergroups only; promotions and unbans in supergroups and channels
 *   (a person who created a basic group may promote there);
 * - promotions need can_promote_members and grant only rights the promoter holds ("RIGHT_FORBIDDEN");
 * - a ban in a basic group keeps no ban list: a person is then `left`, a bot `kicked`.
 *
 * Every change goes through chat-events.ts, which queues my_chat_member and chat_member.
 *
 * Joining and leaving are in member-joins.ts, the changes administrators make in member-changes.ts;
 * reading members is here.
 */
import type { ChatMember } from '../../wire/bot-api-types.js';
import {
  isAdmin,
  isPresent,
  memberState,
  renderChatMember,
  type AdminRights,
  type ChatPermissions,
} from './chat-rights.js';
import { stateOf } from './chat-access.js';
import { PlatformError } from '../core/errors.js';
import { chatForBot, targetUser, type Acting, type Effects, type GroupContext } from './group-context.js';
import {
  banMember,
  checkCustomTitleTarget,
  promoteMember,
  restrictMember,
  setCustomTitle,
  unbanMember,
} from './member-changes.js';
import { addMember, joinChat, joinPublic, leaveChat } from './member-joins.js';
import type { ChatRow, InviteLinkRow, UserRow } from '../../storage/store.js';
import type { InvitesReader } from '../../storage/ports/invites.js';
import type { ServiceMessageTx } from './chat-events.js';

export class Members {
  constructor(private readonly ctx: GroupContext) {}

  #now(): number {
    return this.ctx.deps.clock.now();
  }

  /** A person adds a user or bot to a chat they are in (spec: new_chat_members, my_chat_member). */
  add(acting: Acting, targetRef: number | string): Promise<void> {
    return addMember(this.ctx, acting, targetRef);
  }

  /** A person joins a public supergroup or channel by its @username (or id). */
  joinPublic(userRef: string, chatRef: string | number): Promise<ChatRow> {
    return joinPublic(this.ctx, userRef, chatRef);
  }

  /**
   * The core of joining (public chat, invite link, approved join request): the user becomes a
   * member, bots hear of it, groups show new_chat_members.
   */
  join(
    tx: InvitesReader & ServiceMessageTx,
    chat: ChatRow,
    user: UserRow,
    effects: Effects,
    via: { link?: InviteLinkRow; approvedBy?: UserRow; subscriptionUntil?: number },
  ): Promise<void> {
    return joinChat(this.ctx, tx, chat, user, effects, via);
  }

  /** The actor leaves (leaveChat, or a person leaving); the creator of a chat stays. */
  leave(acting: Acting): Promise<void> {
    return leaveChat(this.ctx, acting);
  }

  /** banChatMember, or a person removing a member (spec: until_date; basic groups keep no ban list). */
  ban(acting: Acting, targetRef: number | string, untilDate?: number): Promise<void> {
    return banMember(this.ctx, acting, targetRef, untilDate);
  }

  /** unbanChatMember: the user is not in the chat afterwards but may join again (spec). */
  unban(acting: Acting, targetRef: number | string, onlyIfBanned: boolean): Promise<void> {
    return unbanMember(this.ctx, acting, targetRef, onlyIfBanned);
  }

  /** restrictChatMember: supergroups only; all permissions allowed lifts the restriction. */
  restrict(
    acting: Acting,
    targetRef: number | string,
    permissions: ChatPermissions,
    untilDate?: number,
  ): Promise<void> {
    return restrictMember(this.ctx, acting, targetRef, permissions, untilDate);
  }

  /**
   * promoteChatMember, or a person promoting: no right left demotes to member. A bot that is not in
   * the chat joins it as an administrator (how bots are added to channels). `given` undefined: a
   * bot gets its default administrator rights for the kind of chat (those the promoter holds).
   */
  promote(
    acting: Acting,
    targetRef: number | string,
    given: AdminRights | undefined,
    customTitle?: string,
  ): Promise<void> {
    return promoteMember(this.ctx, acting, targetRef, given, customTitle);
  }

  /** setChatAdministratorCustomTitle: supergroups; administrators the bot promoted (can_be_edited). */
  setCustomTitle(acting: Acting, targetRef: number | string, customTitle: string): Promise<void> {
    return setCustomTitle(this.ctx, acting, targetRef, customTitle);
  }

  /** setChatAdministratorCustomTitle's checks before the title, changing nothing (ADR 0100). */
  checkCustomTitle(acting: Acting, targetRef: number | string): Promise<void> {
    return checkCustomTitleTarget(this.ctx, acting, targetRef);
  }

  /** getChatMember: any user's state as the bot sees it ("left" for someone never in the chat). */
  async get(bot: UserRow, chatId: number, userId: number): Promise<ChatMember> {
    const { store } = this.ctx.deps;
    const at = await chatForBot(this.ctx, store, bot, chatId, userId === bot.id ? 'read' : 'write');
    if (at.chat.type === 'channel' && userId !== bot.id && !isAdmin(at.state))
      throw new PlatformError('MEMBER_LIST_INACCESSIBLE', 'member list is inaccessible');
    const user = await targetUser(this.ctx, userId);
    const state = await stateOf(store, at.chat, user.id, this.#now());
    const member = renderChatMember(user, state, at.chat.type, bot.id);
    // A regular member's tag (setChatMemberTag, member-tags.ts).
    if (member.status === 'member' || member.status === 'restricted') {
      const tag = await store.getMemberTag(at.chat.pk, user.id);
      if (tag !== undefined) member.tag = tag;
    }
    return member;
  }

  /** getChatAdministrators: the creator first; other bots only with return_bots (spec). */
  async administrators(bot: UserRow, chatId: number, returnBots: boolean): Promise<ChatMember[]> {
    const { store } = this.ctx.deps;
    const at = await chatForBot(this.ctx, store, bot, chatId, 'write');
    if (at.chat.type === 'private')
      throw new PlatformError(
        'NO_ADMINISTRATORS_IN_PRIVATE_CHAT',
        'there are no administrators in the private chat',
      );
    if (at.chat.type === 'channel' && !isAdmin(at.state))
      throw new PlatformError('MEMBER_LIST_INACCESSIBLE', 'member list is inaccessible');
    const admins: Array<{ order: number; member: ChatMember }> = [];
    for (const row of await store.listMembers(at.chat.pk)) {
      const state = memberState(row, this.#now());
      if (!isAdmin(state)) continue;
      const user = await store.getUser(row.user_id);
      if (!user || (user.is_bot && user.id !== bot.id && !returnBots)) continue;
      const order = state.status === 'creator' ? 0 : row.updated_at;
      admins.push({ order, member: renderChatMember(user, state, at.chat.type, bot.id) });
    }
    return admins.sort((a, b) => a.order - b.order).map((admin) => admin.member);
  }

  /** getChatMemberCount: members in the chat now (a private chat has two). */
  async count(bot: UserRow, chatId: number): Promise<number> {
    const { store } = this.ctx.deps;
    const at = await chatForBot(this.ctx, store, bot, chatId, 'write');
    if (at.chat.type === 'private') return 2;
    const rows = await store.listMembers(at.chat.pk);
    return rows.filter((row) => isPresent(memberState(row, this.#now()))).length;
  }
}
