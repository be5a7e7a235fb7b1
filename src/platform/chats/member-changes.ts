/**
 * What administrators change about a member: banChatMember, unbanChatMember, restrictChatMember and
 * promoteChatMember, or a person doing the same (control API). The rules are in members.ts, which
 * gathers these as `Members`.
 */
import {
  ADMIN_RIGHT_KEYS,
  PERMISSION_KEYS,
  hasRight,
  isPresent,
  normalizeRights,
  normalizeUntil,
  type AdminRightKey,
  type AdminRights,
  type ChatPermissions,
  type MemberState,
} from './chat-rights.js';
import { stateOf } from './chat-access.js';
import { changeMember, postServiceMessage } from './chat-events.js';
import { PlatformError } from '../core/errors.js';
import {
  actingIn,
  commit,
  targetUser,
  type Acting,
  type ActingIn,
  type Effects,
  type GroupContext,
} from './group-context.js';
import { checkLength } from '../formatting/index.js';
import { readDefaultRights } from '../users/bot-settings.js';
import { renderUser } from '../users/users.js';
import type { ChatRow, StoreTx, UserRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { SettingsReader } from '../../storage/ports/settings.js';

/** Refuses with `refusal` unless the actor's state holds the administrator right. */
export function requireRight(state: MemberState, right: AdminRightKey, refusal: () => PlatformError): void {
  if (!hasRight(state, right)) throw refusal();
}

/** Runs a change: resolves who acts where, then `fn` in one write. */
export function act<T>(
  ctx: GroupContext,
  acting: Acting,
  fn: (tx: StoreTx, at: ActingIn, effects: Effects) => Promise<T>,
  access: 'read' | 'write' = 'write',
): Promise<T> {
  return commit(ctx, async (tx, effects) => fn(tx, await actingIn(ctx, tx, acting, access), effects));
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

/** banChatMember, or a person removing a member (spec: until_date; basic groups keep no ban list). */
export async function banMember(
  ctx: GroupContext,
  acting: Acting,
  targetRef: number | string,
  untilDate?: number,
): Promise<void> {
  const target = await targetUser(ctx, targetRef);
  await act(ctx, acting, async (tx, at, effects) => {
    const { chat } = at;
    if (chat.type === 'private')
      throw new PlatformError('CANT_BAN_IN_PRIVATE_CHAT', "can't ban members in private chats");
    const old = await stateOf(tx, chat, target.id, ctx.deps.clock.now());
    checkRestrictable(at, target, old);
    const next: MemberState =
      chat.type === 'group'
        ? target.is_bot
          ? { status: 'kicked', data: { until_date: 0 } }
          : { status: 'left', data: {} }
        : { status: 'kicked', data: { until_date: normalizeUntil(untilDate, ctx.deps.clock.now()) } };
    await changeMember(ctx, tx, { chat, actor: at.actor, target, next }, effects);
    await postLeft(ctx, tx, chat, at.actor, target, old, effects);
  });
}

/** unbanChatMember: the user is not in the chat afterwards but may join again (spec). */
export async function unbanMember(
  ctx: GroupContext,
  acting: Acting,
  targetRef: number | string,
  onlyIfBanned: boolean,
): Promise<void> {
  const target = await targetUser(ctx, targetRef);
  await act(ctx, acting, async (tx, at, effects) => {
    const { chat } = at;
    if (chat.type !== 'supergroup' && chat.type !== 'channel') {
      throw supergroupsAndChannels();
    }
    const old = await stateOf(tx, chat, target.id, ctx.deps.clock.now());
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
      ctx,
      tx,
      { chat, actor: at.actor, target, next: { status: 'left', data: {} } },
      effects,
    );
    await postLeft(ctx, tx, chat, at.actor, target, old, effects);
  });
}

/** restrictChatMember: supergroups only; all permissions allowed lifts the restriction. */
export async function restrictMember(
  ctx: GroupContext,
  acting: Acting,
  targetRef: number | string,
  permissions: ChatPermissions,
  untilDate?: number,
): Promise<void> {
  const target = await targetUser(ctx, targetRef);
  await act(ctx, acting, async (tx, at, effects) => {
    const { chat } = at;
    checkSupergroup(chat);
    const old = await stateOf(tx, chat, target.id, ctx.deps.clock.now());
    checkRestrictable(at, target, old);
    const present = isPresent(old);
    const link = old.data.invite_link ? { invite_link: old.data.invite_link } : {};
    let next: MemberState;
    if (PERMISSION_KEYS.every((key) => permissions[key])) {
      next = present ? { status: 'member', data: link } : { status: 'left', data: {} };
    } else {
      const until_date = normalizeUntil(untilDate, ctx.deps.clock.now());
      next = { status: 'restricted', data: { ...link, permissions, until_date, is_member: present } };
    }
    await changeMember(ctx, tx, { chat, actor: at.actor, target, next }, effects);
  });
}

/**
 * promoteChatMember, or a person promoting: no right left demotes to member. A bot that is not in
 * the chat joins it as an administrator (how bots are added to channels). `given` undefined (a
 * person promoting without naming rights): a bot gets its default administrator rights for the kind
 * of chat, as far as the promoter holds them (spec setMyDefaultAdministratorRights: suggested
 * rights the person may change); anyone else gets none.
 */
export async function promoteMember(
  ctx: GroupContext,
  acting: Acting,
  targetRef: number | string,
  given: AdminRights | undefined,
  customTitle?: string,
): Promise<void> {
  const target = await targetUser(ctx, targetRef);
  await act(ctx, acting, async (tx, at, effects) => {
    const { chat, actor } = at;
    const byBot = 'bot' in acting;
    if (chat.type === 'private' || (byBot && chat.type === 'group')) {
      throw supergroupsAndChannels();
    }
    if (chat.type === 'group' && at.state.status !== 'creator')
      throw new PlatformError('NEED_OWNER_RIGHTS_IN_GROUP', 'need owner rights in the group chat');
    if (target.id === actor.id) throw new PlatformError('CANT_PROMOTE_SELF', "can't promote self");
    requireRight(at.state, 'can_promote_members', notEnoughRights);
    const old = await stateOf(tx, chat, target.id, ctx.deps.clock.now());
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
    const rights = normalizeRights(given ?? (await suggestedRights(tx, at, target)), chat.type);
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
    await changeMember(ctx, tx, { chat, actor, target, next }, effects);
    if (!isPresent(old) && chat.type !== 'channel') {
      await postServiceMessage(ctx, tx, chat, actor.id, { new_chat_members: [renderUser(target)] }, effects);
    }
  });
}

/** A bot's default rights for the chat's kind that the promoter holds; none for anyone else. */
async function suggestedRights(tx: SettingsReader, at: ActingIn, target: UserRow): Promise<AdminRights> {
  if (!target.is_bot) return {};
  const defaults = await readDefaultRights(tx, target.id, at.chat.type === 'channel');
  const held: AdminRights = {};
  for (const key of ADMIN_RIGHT_KEYS) {
    if (defaults[key] && (key === 'can_manage_chat' || hasRight(at.state, key))) held[key] = true;
  }
  if (defaults.is_anonymous) held.is_anonymous = true;
  return held;
}

/** Emoji, which custom titles may not contain (ADMIN_RANK_EMOJI_NOT_ALLOWED). */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3|\ufe0f/u;
/** The longest custom title; TDLib cuts a longer one (MAX_RANK_LENGTH), Parley refuses it (ADR 0071). */
export const CUSTOM_TITLE_LIMIT = 16;

/**
 * setChatAdministratorCustomTitle: supergroups only; the target must be an administrator the bot may
 * edit (one it promoted, while it holds can_promote_members). The title is trimmed; more than the
 * documented 16 characters is ADMIN_RANK_INVALID (TDLib cuts it; ADR 0071); an empty one removes it.
 */
export async function setCustomTitle(
  ctx: GroupContext,
  acting: Acting,
  targetRef: number | string,
  customTitle: string,
): Promise<void> {
  const target = await targetUser(ctx, targetRef);
  await act(ctx, acting, async (tx, at, effects) => {
    const { chat, actor } = at;
    const old = await customTitleTarget(ctx, tx, at, target.id);
    const title = customTitle.trim();
    checkLength(
      title,
      { field: 'custom title', min: 0, max: CUSTOM_TITLE_LIMIT },
      { tooLong: () => new PlatformError('ADMIN_RANK_INVALID', 'a custom title is at most 16 characters') },
    );
    if (EMOJI.test(title))
      throw new PlatformError('ADMIN_RANK_EMOJI_NOT_ALLOWED', 'ADMIN_RANK_EMOJI_NOT_ALLOWED');
    const { custom_title: _old, ...rest } = old.data;
    const next: MemberState = {
      status: 'administrator',
      data: { ...rest, ...(title ? { custom_title: title } : {}) },
    };
    await changeMember(ctx, tx, { chat, actor, target, next }, effects);
  });
}

/**
 * setChatAdministratorCustomTitle's checks before the title, changing nothing: the Bot API's runner
 * asks them when the title is refused, to answer in the reference's order (ADR 0100).
 */
export async function checkCustomTitleTarget(
  ctx: GroupContext,
  acting: Acting,
  targetRef: number | string,
): Promise<void> {
  const target = await targetUser(ctx, targetRef);
  await act(ctx, acting, async (tx, at) => void (await customTitleTarget(ctx, tx, at, target.id)));
}

/** A supergroup, and a target that is an administrator the actor may edit; its state. */
async function customTitleTarget(
  ctx: GroupContext,
  tx: ChatsReader,
  at: ActingIn,
  targetId: number,
): Promise<MemberState> {
  checkSupergroup(at.chat);
  const old = await stateOf(tx, at.chat, targetId, ctx.deps.clock.now());
  if (old.status === 'creator')
    throw new PlatformError('CUSTOM_TITLE_OF_OWNER', 'only creator can edit their custom title');
  if (old.status !== 'administrator')
    throw new PlatformError('USER_NOT_ADMINISTRATOR', 'user is not an administrator');
  const canEdit =
    at.state.status === 'creator' ||
    (old.data.promoted_by === at.actor.id && hasRight(at.state, 'can_promote_members'));
  if (!canEdit)
    throw new PlatformError(
      'NOT_ENOUGH_RIGHTS_TO_CHANGE_CUSTOM_TITLE',
      'not enough rights to change custom title of the user',
    );
  return old;
}

/** left_chat_member for someone who was in a group or supergroup; a removed bot hears of it too. */
async function postLeft(
  ctx: GroupContext,
  tx: StoreTx,
  chat: ChatRow,
  actor: UserRow,
  target: UserRow,
  old: MemberState,
  effects: Effects,
) {
  if (!isPresent(old) || chat.type === 'channel') return;
  const content = { left_chat_member: renderUser(target) };
  await postServiceMessage(ctx, tx, chat, actor.id, content, effects, target.is_bot ? [target.id] : []);
}

/** Refuses a method of supergroups only (restrictChatMember, setChatAdministratorCustomTitle). */
export function checkSupergroup(chat: ChatRow): void {
  if (chat.type !== 'supergroup')
    throw new PlatformError('SUPERGROUPS_ONLY', 'method is available only for supergroups');
}
