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
 */
import {
  PERMISSION_KEYS,
  hasPermission,
  hasRight,
  isAdmin,
  isPresent,
  memberState,
  normalizeRights,
  normalizeUntil,
  renderChatMember,
  type AdminRightKey,
  type AdminRights,
  type ChatPermissions,
  type MemberState,
} from './chat-rights.js';
import { chatPermissions, stateOf } from './chat-access.js';
import { changeMember, joinedState, leftState, postServiceMessage } from './chat-events.js';
import { ChatMigrated, PlatformError } from './errors.js';
import {
  actingIn,
  chatForBot,
  chatForPerson,
  commit,
  targetUser,
  type Acting,
  type ActingIn,
  type Effects,
  type GroupContext,
} from './group-context.js';
import { renderUser } from './users.js';
import type { ChatRow, InviteLinkRow, StoreTx, UserRow } from '../storage/store.js';

/** A refusal of a person's request only (control API), said by its message. */
const bad = (text: string) => new PlatformError('BAD_REQUEST', text);

function requireRight(state: MemberState, right: AdminRightKey, refusal: () => PlatformError): void {
  if (!hasRight(state, right)) throw refusal();
}

const restrictRefused = () =>
  new PlatformError('NOT_ENOUGH_RIGHTS_TO_RESTRICT', 'not enough rights to restrict/unrestrict chat member');
const isAdministrator = () =>
  new PlatformError('USER_IS_ADMINISTRATOR', 'user is an administrator of the chat');
const isOwner = () => new PlatformError('CANT_REMOVE_CHAT_OWNER', "can't remove chat owner");
const notEnoughRights = () => new PlatformError('NOT_ENOUGH_RIGHTS', 'not enough rights');
const supergroupsAndChannels = () =>
  new PlatformError(
    'SUPERGROUPS_AND_CHANNELS_ONLY',
    'method is available for supergroup and channel chats only',
  );

/**
 * The owner, oneself and others' administrators are out of reach of bans and restrictions; the
 * checks run in TDLib's order: owner, self, the actor's right, then the target's administrator rank.
 */
function checkRestrictable(acting: ActingIn, target: UserRow, targetState: MemberState): void {
  if (targetState.status === 'creator') throw isOwner();
  if (target.id === acting.actor.id) throw new PlatformError('CANT_RESTRICT_SELF', "can't restrict self");
  requireRight(acting.state, 'can_restrict_members', restrictRefused);
  if (
    targetState.status === 'administrator' &&
    acting.state.status !== 'creator' &&
    targetState.data.promoted_by !== acting.actor.id
  ) {
    throw isAdministrator();
  }
}

export class Members {
  constructor(private readonly ctx: GroupContext) {}

  #now(): number {
    return this.ctx.deps.clock.now();
  }

  /** Runs a change: resolves who acts where, then `fn` in one write. */
  #act<T>(
    acting: Acting,
    fn: (tx: StoreTx, at: ActingIn, effects: Effects) => Promise<T>,
    access: 'read' | 'write' = 'write',
  ): Promise<T> {
    return commit(this.ctx, async (tx, effects) =>
      fn(tx, await actingIn(this.ctx, tx, acting, access), effects),
    );
  }

  /** A person adds a user or bot to a chat they are in (spec: new_chat_members, my_chat_member). */
  async add(acting: Acting, targetRef: number | string): Promise<void> {
    const target = await targetUser(this.ctx, targetRef);
    await this.#act(acting, async (tx, at, effects) => {
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
      const old = await stateOf(tx, chat, target.id, this.#now());
      if (isPresent(old)) throw new PlatformError('USER_ALREADY_PARTICIPANT', 'the user is already a member');
      if (old.status === 'kicked') {
        requireRight(
          at.state,
          'can_restrict_members',
          () => new PlatformError('CHAT_ADMIN_REQUIRED', 'the user is banned in this chat: unban them first'),
        );
      }
      const next = joinedState(old.status === 'kicked' ? { status: 'left', data: {} } : old);
      await changeMember(this.ctx, tx, { chat, actor: at.actor, target, next }, effects);
      if (chat.type !== 'channel') {
        await postServiceMessage(
          this.ctx,
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
  async joinPublic(userRef: string, chatRef: string | number): Promise<ChatRow> {
    const user = await this.ctx.users.resolve(userRef, 'user');
    return commit(this.ctx, async (tx, effects) => {
      const { chat } = await chatForPerson(this.ctx, tx, user, chatRef, false);
      if (!chat.username) throw bad(`chat ${chat.id} is private: join it by an invite link`);
      await this.join(tx, chat, user, effects, {});
      return chat;
    });
  }

  /**
   * The core of joining (public chat, invite link, approved join request): the user becomes a
   * member, bots hear of it, groups show new_chat_members.
   */
  async join(
    tx: StoreTx,
    chat: ChatRow,
    user: UserRow,
    effects: Effects,
    via: { link?: InviteLinkRow; approvedBy?: UserRow },
  ): Promise<void> {
    if (chat.migrated_to_id) throw new ChatMigrated(chat.migrated_to_id);
    const old = await stateOf(tx, chat, user.id, this.#now());
    if (old.status === 'kicked')
      throw new PlatformError('USER_BANNED_IN_CHANNEL', 'the user is banned in this chat');
    if (isPresent(old)) throw new PlatformError('USER_ALREADY_PARTICIPANT', 'the user is already a member');
    const next = joinedState(old, via.link?.link);
    await changeMember(
      this.ctx,
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
      await postServiceMessage(
        this.ctx,
        tx,
        chat,
        user.id,
        { new_chat_members: [renderUser(user)] },
        effects,
      );
    }
  }

  /** The actor leaves (leaveChat, or a person leaving); the creator of a chat stays. */
  async leave(acting: Acting): Promise<void> {
    await this.#act(
      acting,
      async (tx, at, effects) => {
        const { chat, actor } = at;
        if (chat.type === 'private')
          throw new PlatformError('CANT_LEAVE_PRIVATE_CHAT', "can't leave private chats");
        if (chat.migrated_to_id) throw new PlatformError('CHAT_DEACTIVATED', 'chat is deactivated');
        if (at.state.status === 'creator')
          throw new PlatformError('CREATOR_CANT_LEAVE', 'the creator of a chat can not leave it');
        if (!isPresent(at.state)) throw new PlatformError('NOT_IN_CHAT', 'not in the chat');
        await changeMember(this.ctx, tx, { chat, actor, target: actor, next: leftState(at.state) }, effects);
        if (chat.type !== 'channel') {
          const content = { left_chat_member: renderUser(actor) };
          await postServiceMessage(
            this.ctx,
            tx,
            chat,
            actor.id,
            content,
            effects,
            actor.is_bot ? [actor.id] : [],
          );
        }
      },
      'read',
    );
  }

  /** banChatMember, or a person removing a member (spec: until_date; basic groups keep no ban list). */
  async ban(acting: Acting, targetRef: number | string, untilDate?: number): Promise<void> {
    const target = await targetUser(this.ctx, targetRef);
    await this.#act(acting, async (tx, at, effects) => {
      const { chat } = at;
      if (chat.type === 'private')
        throw new PlatformError('CANT_BAN_IN_PRIVATE_CHAT', "can't ban members in private chats");
      const old = await stateOf(tx, chat, target.id, this.#now());
      checkRestrictable(at, target, old);
      const next: MemberState =
        chat.type === 'group'
          ? target.is_bot
            ? { status: 'kicked', data: { until_date: 0 } }
            : { status: 'left', data: {} }
          : { status: 'kicked', data: { until_date: normalizeUntil(untilDate, this.#now()) } };
      await changeMember(this.ctx, tx, { chat, actor: at.actor, target, next }, effects);
      await this.#postLeft(tx, chat, at.actor, target, old, effects);
    });
  }

  /** unbanChatMember: the user is not in the chat afterwards but may join again (spec). */
  async unban(acting: Acting, targetRef: number | string, onlyIfBanned: boolean): Promise<void> {
    const target = await targetUser(this.ctx, targetRef);
    await this.#act(acting, async (tx, at, effects) => {
      const { chat } = at;
      if (chat.type !== 'supergroup' && chat.type !== 'channel') {
        throw supergroupsAndChannels();
      }
      const old = await stateOf(tx, chat, target.id, this.#now());
      if (onlyIfBanned && old.status !== 'kicked') return;
      if (old.status === 'creator') throw isOwner();
      requireRight(at.state, 'can_restrict_members', restrictRefused);
      if (
        old.status === 'administrator' &&
        at.state.status !== 'creator' &&
        old.data.promoted_by !== at.actor.id
      ) {
        throw isAdministrator();
      }
      if (old.status === 'left') return;
      await changeMember(
        this.ctx,
        tx,
        { chat, actor: at.actor, target, next: { status: 'left', data: {} } },
        effects,
      );
      await this.#postLeft(tx, chat, at.actor, target, old, effects);
    });
  }

  /** restrictChatMember: supergroups only; all permissions allowed lifts the restriction. */
  async restrict(
    acting: Acting,
    targetRef: number | string,
    permissions: ChatPermissions,
    untilDate?: number,
  ): Promise<void> {
    const target = await targetUser(this.ctx, targetRef);
    await this.#act(acting, async (tx, at, effects) => {
      const { chat } = at;
      if (chat.type !== 'supergroup')
        throw new PlatformError('SUPERGROUPS_ONLY', 'method is available only for supergroups');
      const old = await stateOf(tx, chat, target.id, this.#now());
      checkRestrictable(at, target, old);
      const present = isPresent(old);
      const link = old.data.invite_link ? { invite_link: old.data.invite_link } : {};
      let next: MemberState;
      if (PERMISSION_KEYS.every((key) => permissions[key])) {
        next = present ? { status: 'member', data: link } : { status: 'left', data: {} };
      } else {
        const until_date = normalizeUntil(untilDate, this.#now());
        next = { status: 'restricted', data: { ...link, permissions, until_date, is_member: present } };
      }
      await changeMember(this.ctx, tx, { chat, actor: at.actor, target, next }, effects);
    });
  }

  /**
   * promoteChatMember, or a person promoting: no right left demotes to member. A bot that is not in
   * the chat joins it as an administrator (how bots are added to channels).
   */
  async promote(
    acting: Acting,
    targetRef: number | string,
    given: AdminRights,
    customTitle?: string,
  ): Promise<void> {
    const target = await targetUser(this.ctx, targetRef);
    await this.#act(acting, async (tx, at, effects) => {
      const { chat, actor } = at;
      const byBot = 'bot' in acting;
      if (chat.type === 'private' || (byBot && chat.type === 'group')) {
        throw supergroupsAndChannels();
      }
      if (chat.type === 'group' && at.state.status !== 'creator')
        throw new PlatformError('NEED_OWNER_RIGHTS_IN_GROUP', 'need owner rights in the group chat');
      if (target.id === actor.id) throw new PlatformError('CANT_PROMOTE_SELF', "can't promote self");
      requireRight(at.state, 'can_promote_members', notEnoughRights);
      const old = await stateOf(tx, chat, target.id, this.#now());
      if (old.status === 'creator') throw notEnoughRights();
      if (old.status === 'kicked' || (!isPresent(old) && !target.is_bot))
        throw new PlatformError('USER_NOT_PARTICIPANT', 'USER_NOT_PARTICIPANT');
      if (
        old.status === 'administrator' &&
        at.state.status !== 'creator' &&
        old.data.promoted_by !== actor.id
      ) {
        throw new PlatformError('CHAT_ADMIN_REQUIRED', 'CHAT_ADMIN_REQUIRED');
      }
      if (!isPresent(old) && chat.type !== 'channel' && !(await tx.getBot(target.id))?.can_join_groups) {
        throw new PlatformError('BOT_GROUPS_BLOCKED', 'this bot can not be added to groups');
      }
      const rights = normalizeRights(given, chat.type);
      if (rights && at.state.status !== 'creator') {
        for (const key of Object.keys(rights) as AdminRightKey[]) {
          if (key !== 'can_manage_chat' && !hasRight(at.state, key))
            throw new PlatformError('RIGHT_FORBIDDEN', 'RIGHT_FORBIDDEN');
        }
      }
      const link = old.data.invite_link ? { invite_link: old.data.invite_link } : {};
      let next: MemberState;
      if (rights) {
        const title = customTitle ?? old.data.custom_title;
        next = {
          status: 'administrator',
          data: { ...link, rights, promoted_by: actor.id, ...(title ? { custom_title: title } : {}) },
        };
      } else if (old.status === 'administrator') next = { status: 'member', data: link };
      else return;
      await changeMember(this.ctx, tx, { chat, actor, target, next }, effects);
      if (!isPresent(old) && chat.type !== 'channel') {
        await postServiceMessage(
          this.ctx,
          tx,
          chat,
          actor.id,
          { new_chat_members: [renderUser(target)] },
          effects,
        );
      }
    });
  }

  /** getChatMember: any user's state as the bot sees it ("left" for someone never in the chat). */
  async get(bot: UserRow, chatId: number, userId: number): Promise<Record<string, unknown>> {
    const { store } = this.ctx.deps;
    const at = await chatForBot(this.ctx, store, bot, chatId, userId === bot.id ? 'read' : 'write');
    if (at.chat.type === 'channel' && userId !== bot.id && !isAdmin(at.state))
      throw new PlatformError('MEMBER_LIST_INACCESSIBLE', 'member list is inaccessible');
    const user = await targetUser(this.ctx, userId);
    const state = await stateOf(store, at.chat, user.id, this.#now());
    return renderChatMember(user, state, at.chat.type, bot.id);
  }

  /** getChatAdministrators: the creator first; other bots only with return_bots (spec). */
  async administrators(
    bot: UserRow,
    chatId: number,
    returnBots: boolean,
  ): Promise<Array<Record<string, unknown>>> {
    const { store } = this.ctx.deps;
    const at = await chatForBot(this.ctx, store, bot, chatId, 'write');
    if (at.chat.type === 'private')
      throw new PlatformError(
        'NO_ADMINISTRATORS_IN_PRIVATE_CHAT',
        'there are no administrators in the private chat',
      );
    if (at.chat.type === 'channel' && !isAdmin(at.state))
      throw new PlatformError('MEMBER_LIST_INACCESSIBLE', 'member list is inaccessible');
    const admins: Array<{ order: number; member: Record<string, unknown> }> = [];
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

  /** left_chat_member for someone who was in a group or supergroup; a removed bot hears of it too. */
  async #postLeft(
    tx: StoreTx,
    chat: ChatRow,
    actor: UserRow,
    target: UserRow,
    old: MemberState,
    effects: Effects,
  ) {
    if (!isPresent(old) || chat.type === 'channel') return;
    const content = { left_chat_member: renderUser(target) };
    await postServiceMessage(
      this.ctx,
      tx,
      chat,
      actor.id,
      content,
      effects,
      target.is_bot ? [target.id] : [],
    );
  }
}

function chatNoun(chat: ChatRow): string {
  return chat.type === 'group' ? 'group chat' : chat.type === 'channel' ? 'channel chat' : 'supergroup chat';
}
