/**
 * The two kinds of events that chat administration produces:
 *
 * - Service messages (new_chat_members, left_chat_member, new_chat_title, group_chat_created,
 *   migrate_to_chat_id, ...): stored as messages of the chat and sent to every bot in it (privacy
 *   mode lets them through), as `channel_post` in channels, where only administrator bots get them.
 * - Member changes: the member row is written, and the bot whose own status changed gets
 *   `my_chat_member`, the chat's administrator bots get `chat_member` (spec Update; `chat_member` is
 *   opt-in, which the update queue's allowed_updates filter applies), both as ChatMemberUpdated.
 */
import { memberState, renderChatMember, renderInviteLink, type MemberState } from './chat-rights.js';
import { botMembers, type BotMember, type Effects, type GroupContext } from './group-context.js';
import { renderUser } from '../users/users.js';
import { PlatformError } from '../core/errors.js';
import type { MessageContent } from '../core/wire-types.js';
import type { ChatRow, InviteLinkRow, MessageRow, UserRow } from '../../storage/store.js';
import type { EnqueueTx } from '../updates/update-queue.js';
import type { ChatsReader, ChatsWriter } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { InvitesReader } from '../../storage/ports/invites.js';
import type { InsertTx, RenderReader } from '../core/store-ports.js';

/** What posting a service message uses (`postServiceMessage`): inserting it, showing it to each bot, queueing it. */
export type ServiceMessageTx = EnqueueTx & InsertTx & RenderReader;

/**
 * Stores a service message from `actorId` and queues it for the bots of the chat, plus `alsoTo`
 * (a bot that the message is about and that just left still hears of it).
 */
export async function postServiceMessage(
  ctx: GroupContext,
  tx: ServiceMessageTx,
  chat: ChatRow,
  actorId: number,
  content: MessageContent,
  effects: Effects,
  alsoTo: number[] = [],
): Promise<MessageRow> {
  const row = await ctx.messages.insertServiceMessage(tx, chat, actorId, content);
  effects.messages.push({ chat, row });
  const now = ctx.deps.clock.now();
  const bots = (await botMembers(tx, chat, now))
    .filter((member) => chat.type !== 'channel' || member.state.status === 'administrator')
    .map((member) => member.bot.id);
  for (const botId of new Set([...bots, ...alsoTo])) {
    const payload = await ctx.messages.render(tx, chat, row, botId);
    const queued = await ctx.updates.enqueue(tx, botId, {
      type: chat.type === 'channel' ? 'channel_post' : 'message',
      payload,
      queueKey: `c${payload.chat.id}`,
      date: row.date,
    });
    if (queued !== null) effects.bots.add(botId);
  }
  return row;
}

export interface MemberChange {
  chat: ChatRow;
  /** Who made the change (the `from` of ChatMemberUpdated). */
  actor: UserRow;
  target: UserRow;
  next: MemberState;
  /** The link the member joined by. */
  inviteLink?: InviteLinkRow | undefined;
  viaJoinRequest?: boolean;
  /**
   * The chat's administrator bots, when the caller read them for several changes of plain members
   * in one write (a group's creation): such changes leave them as they are. Else read here.
   */
  admins?: BotMember[];
}

/** The chat's bots that are its administrators now. */
export async function adminBots(
  reader: ChatsReader & UsersReader,
  chat: ChatRow,
  now: number,
): Promise<BotMember[]> {
  return (await botMembers(reader, chat, now)).filter((member) => member.state.status === 'administrator');
}

/**
 * The members a new group or channel is created with, as plain members, beside its creator: a bot
 * must be allowed in groups (BOT_GROUPS_BLOCKED) and joins a channel only once promoted. The chat's
 * administrator bots are read once: adding plain members leaves them as they are.
 */
export async function addCreatedMembers(
  ctx: GroupContext,
  tx: ChatsReader & ChatsWriter & InvitesReader & EnqueueTx,
  created: { chat: ChatRow; owner: UserRow; members: UserRow[] },
  effects: Effects,
): Promise<void> {
  const { chat, owner } = created;
  const now = ctx.deps.clock.now();
  const admins = await adminBots(tx, chat, now);
  const added = new Set([owner.id]);
  for (const member of created.members) {
    if (member.id === owner.id) continue;
    if (member.is_bot) {
      if (chat.type === 'channel')
        throw new PlatformError('BAD_REQUEST', 'a bot joins a channel only as an administrator: promote it');
      if (!(await tx.getBot(member.id))?.can_join_groups)
        throw new PlatformError('BOT_GROUPS_BLOCKED', `@${member.username} can not be added to groups`);
    }
    // A person not yet in the chat (the write made it, with the members added so far), whose joining
    // no administrator bot hears of: only the row, as changeMember would write it (no state to
    // read, nothing to queue), without its reads for each of up to hundreds of members.
    if (!member.is_bot && admins.length === 0 && !added.has(member.id)) {
      added.add(member.id);
      await tx.upsertMember({
        chat_pk: chat.pk,
        user_id: member.id,
        status: 'member',
        data: '{}',
        updated_at: now,
      });
      effects.members.push({ chatPk: chat.pk, userId: member.id });
      continue;
    }
    added.add(member.id);
    const next: MemberState = { status: 'member', data: {} };
    await changeMember(ctx, tx, { chat, actor: owner, target: member, next, admins }, effects);
  }
}

function sameState(a: MemberState, b: MemberState): boolean {
  const strip = ({ invite_link: _ignored, ...rest }: MemberState['data']) => JSON.stringify(rest);
  return a.status === b.status && strip(a.data) === strip(b.data);
}

/**
 * Writes the target's new state and queues my_chat_member / chat_member. Returns the state before.
 * A change to what the member already has queues nothing.
 */
export async function changeMember(
  ctx: GroupContext,
  tx: ChatsReader & ChatsWriter & InvitesReader & EnqueueTx,
  change: MemberChange,
  effects: Effects,
): Promise<MemberState> {
  const { chat, actor, target, next } = change;
  const now = ctx.deps.clock.now();
  const old = memberState(await tx.getMember(chat.pk, target.id), now);
  const admins = chat.type === 'private' ? [] : (change.admins ?? (await adminBots(tx, chat, now)));
  await tx.upsertMember({
    chat_pk: chat.pk,
    user_id: target.id,
    status: next.status,
    data: JSON.stringify(next.data),
    updated_at: now,
  });
  if (sameState(old, next)) return old;
  effects.members.push({ chatPk: chat.pk, userId: target.id });

  const recipients: Array<[number, 'my_chat_member' | 'chat_member']> = [];
  if (target.is_bot) recipients.push([target.id, 'my_chat_member']);
  // The bot whose own status changed hears of it as my_chat_member only, even as an administrator.
  for (const admin of admins) if (admin.bot.id !== target.id) recipients.push([admin.bot.id, 'chat_member']);
  let creator: UserRow | undefined;
  let pending = 0;
  if (change.inviteLink) {
    creator = await tx.getUser(change.inviteLink.creator_id);
    pending = (await tx.listJoinRequests(chat.pk)).filter(
      (request) => request.invite_link === change.inviteLink!.link,
    ).length;
  }
  for (const [botId, type] of recipients) {
    const payload: Record<string, unknown> = {
      chat: await ctx.chats.render(tx, chat, botId),
      from: renderUser(actor),
      date: now,
      old_chat_member: renderChatMember(target, old, chat.type, botId),
      new_chat_member: renderChatMember(target, next, chat.type, botId),
    };
    if (change.inviteLink && creator) {
      payload.invite_link = renderInviteLink(
        change.inviteLink,
        creator,
        change.inviteLink.creator_id === botId,
        pending,
        ctx.deps.config.publicUrl,
      );
    }
    if (change.viaJoinRequest) payload.via_join_request = true;
    const chatId = (payload.chat as { id: number }).id;
    const queued = await ctx.updates.enqueue(tx, botId, { type, payload, queueKey: `c${chatId}`, date: now });
    if (queued !== null) effects.bots.add(botId);
  }
  return old;
}

/** The state a member joining now takes: restrictions stick (a restricted member stays restricted). */
export function joinedState(old: MemberState, inviteLink?: string, subscriptionUntil?: number): MemberState {
  const data = inviteLink ? { invite_link: inviteLink } : {};
  if (old.status === 'restricted')
    return { status: 'restricted', data: { ...old.data, ...data, is_member: true } };
  return {
    status: 'member',
    data: subscriptionUntil ? { ...data, subscription_until: subscriptionUntil } : data,
  };
}

/** The state of a member leaving now (a restricted member stays restricted, outside the chat). */
export function leftState(old: MemberState): MemberState {
  if (old.status === 'restricted') {
    const { invite_link: _link, ...rest } = old.data;
    return { status: 'restricted', data: { ...rest, is_member: false } };
  }
  return { status: 'left', data: {} };
}
