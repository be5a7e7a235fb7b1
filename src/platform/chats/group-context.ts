/**
 * What the parts of groups, supergroups and channels share: the platform parts they use, the work
 * to do once a write has committed (wake the bots that got updates, announce new messages), and
 * finding the chat a person names.
 */
import { checkChatAccess, type ChatAccess } from './chat-access.js';
import type { Chats } from './chats.js';
import { isPresent, memberState, type MemberState } from './chat-rights.js';
import { PlatformError } from '../core/errors.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { UpdateQueue } from '../updates/update-queue.js';
import type { Users } from '../users/users.js';
import type { BotRow, ChatRow, MessageRow, StoreTx, UserRow, WriteKey } from '../../storage/store.js';
import type { InsertTx, RenderReader } from '../core/store-ports.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';

/**
 * What chats/ needs of messages/ (messages/messages.ts is it): the service messages chats post.
 * Declared here so that chats/ imports nothing of messages/ (ADR 0111).
 */
export interface ServiceMessages {
  insertServiceMessage(
    tx: InsertTx,
    chat: ChatRow,
    senderId: number,
    content: MessageContent,
  ): Promise<MessageRow>;
  render(reader: RenderReader, chat: ChatRow, row: MessageRow, viewerId: number): Promise<WireMessage>;
  announceServiceMessage(chat: ChatRow, row: MessageRow): void;
}

/**
 * The kernel's parts a chat's work uses. `M` is what it uses of messages: chats/ only service
 * messages; a feature that sends or renders more names messages/messages.ts's `Messages`.
 */
export interface GroupContext<M extends ServiceMessages = ServiceMessages> {
  deps: PlatformDeps;
  users: Users;
  chats: Chats;
  messages: M;
  updates: UpdateQueue;
}

/** The members of Platform a GroupContext is made of: a feature built on one needs these (core/feature.ts). */
export const GROUP_CONTEXT_KEYS = ['deps', 'users', 'chats', 'messages', 'updates'] as const;

/** What a write did that others must hear of after it commits. */
export class Effects {
  /** Bots that got updates. */
  readonly bots = new Set<number>();
  /** Messages stored (service messages), for waiting readers. */
  readonly messages: Array<{ chat: ChatRow; row: MessageRow }> = [];
  /** Chats whose pending join requests changed (chat pks). */
  readonly joinRequests = new Set<number>();
  /** Memberships written (a person's open app starts or stops hearing of the chat). */
  readonly members: Array<{ chatPk: number; userId: number }> = [];
}

/** Runs `fn` in one write, then wakes the bots it queued updates for and announces its messages. */
export async function commit<T>(
  ctx: GroupContext,
  fn: (tx: StoreTx, effects: Effects) => Promise<T>,
  /** The write's key (store.ts), when the caller knows the bot whose updates it queues. */
  key?: WriteKey,
): Promise<T> {
  const effects = new Effects();
  const result = await ctx.deps.store.write(key, (tx) => fn(tx, effects));
  for (const botId of effects.bots) ctx.updates.notify(botId);
  // Before the messages: a person's app that starts listening to a chat on its membership hears the
  // service message about it.
  for (const member of effects.members) ctx.deps.bus.emit('chat.member.changed', member);
  for (const { chat, row } of effects.messages) ctx.messages.announceServiceMessage(chat, row);
  for (const chatPk of effects.joinRequests) ctx.deps.bus.emit('chat.requests.changed', { chatPk });
  return result;
}

export interface BotMember {
  bot: BotRow;
  user: UserRow;
  state: MemberState;
}

/** The bots in the chat now (present members), with their states. */
export async function botMembers(
  reader: ChatsReader & UsersReader,
  chat: ChatRow,
  now: number,
): Promise<BotMember[]> {
  const found: BotMember[] = [];
  for (const row of await reader.listBotMembers(chat.pk)) {
    const state = memberState(row, now);
    if (!isPresent(state)) continue;
    const bot = await reader.getBot(row.user_id);
    const user = bot ? await reader.getUser(row.user_id) : undefined;
    if (bot && user) found.push({ bot, user, state });
  }
  return found;
}

/**
 * The group, supergroup or channel a person names: its id or the @username of a public one.
 * With `member`, the person must be in it (CHAT_NOT_FOUND otherwise, as for any chat they cannot see).
 */
export async function chatForPerson(
  ctx: GroupContext,
  reader: ChatsReader,
  user: UserRow,
  ref: string | number,
  member: boolean,
): Promise<{ chat: ChatRow; state: MemberState }> {
  const text = String(ref).trim();
  let chat: ChatRow | undefined;
  if (/^-\d+$/.test(text)) chat = await reader.getChatById(Number(text));
  else if (/^@?[a-zA-Z]\w*$/.test(text)) {
    chat = await reader.getChatByUsername(text.replace(/^@/, ''));
  }
  if (!chat || chat.type === 'private')
    throw new PlatformError('CHAT_NOT_FOUND', `no group or channel "${text}"`);
  const state = memberState(await reader.getMember(chat.pk, user.id), ctx.deps.clock.now());
  if (member && !isPresent(state)) {
    throw new PlatformError('CHAT_NOT_FOUND', `${userLabel(user)} is not a member of chat ${chat.id}`);
  }
  return { chat, state };
}

export function userLabel(user: UserRow): string {
  return user.username
    ? `@${user.username}`
    : user.is_bot
      ? `bot ${user.id}`
      : (user.phone_number ?? `user ${user.id}`);
}

/** Who acts: a bot through the Bot API (chat id as it sees it) or a person through the control API. */
export type Acting = { bot: UserRow; chatId: number } | { person: string; chat: string | number };

export interface ActingIn {
  chat: ChatRow;
  actor: UserRow;
  /** The actor's state in the chat. */
  state: MemberState;
}

/**
 * The chat a bot names by id, checked with the reference's errors (chat-access.ts). A private chat
 * is the bot's chat with that user.
 */
export async function chatForBot(
  ctx: GroupContext,
  reader: ChatsReader & UsersReader,
  bot: UserRow,
  chatId: number,
  access: ChatAccess,
): Promise<ActingIn> {
  const now = ctx.deps.clock.now();
  if (chatId > 0) {
    const chat = await ctx.chats.resolveForViewer(reader, bot, chatId);
    return { chat, actor: bot, state: memberState(await reader.getMember(chat.pk, bot.id), now) };
  }
  const chat = await reader.getChatById(chatId);
  if (!chat) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
  return { chat, actor: bot, state: await checkChatAccess(reader, chat, bot, now, access) };
}

/** Resolves who acts in which chat; people must be members of it. */
export async function actingIn(
  ctx: GroupContext,
  reader: ChatsReader & UsersReader,
  acting: Acting,
  access: ChatAccess = 'write',
): Promise<ActingIn> {
  if ('bot' in acting) return chatForBot(ctx, reader, acting.bot, acting.chatId, access);
  const actor = await ctx.users.resolve(acting.person, 'user');
  const { chat, state } = await chatForPerson(ctx, reader, actor, acting.chat, true);
  return { chat, actor, state };
}

/** The user a call names: a user id (Bot API) or a user reference (control API). */
export async function targetUser(ctx: GroupContext, ref: number | string): Promise<UserRow> {
  if (typeof ref === 'number') {
    const user = await ctx.deps.store.getUser(ref);
    if (!user) throw new PlatformError('USER_NOT_FOUND', 'user not found');
    return user;
  }
  return ctx.users.resolve(ref);
}
