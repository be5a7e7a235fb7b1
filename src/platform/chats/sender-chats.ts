/**
 * Sender chats (ADR 0052): people writing in a supergroup on behalf of a chat, and administrators
 * banning such chats (banChatSenderChat, unbanChatSenderChat).
 *
 * - A person may write as a channel they own or administer, or as the supergroup itself when they
 *   are one of its administrators (an anonymous administrator). Only in supergroups: a channel's
 *   posts are the channel's own, and basic groups have no "send as".
 * - Such a message has `sender_chat` (the chat it is sent as) and, for older clients, `from` set to
 *   the platform's placeholder bot, as TDLib's Bot API does: "Channel_Bot" (136817688) for a
 *   channel, "GroupAnonymousBot" (1087968824) for the supergroup itself. The row keeps the person
 *   as its sender (editing and deleting stay theirs); the body keeps the chat's id as `_sender_chat`.
 *   Rendering is in sender-chat-view.ts.
 * - A ban needs can_restrict_members in a supergroup or channel and names a channel. Until it is
 *   lifted, nobody writes as that channel in the chat, nor as any channel of its owner (spec
 *   banChatSenderChat: "the owner of the banned chat won't be able to send messages on behalf of
 *   any of their channels"). The person may still write as themselves.
 */
import { stateOf } from './chat-access.js';
import { hasRight, isAdmin, memberState } from './chat-rights.js';
import { actingIn, commit, type Acting, type GroupContext } from './group-context.js';
import { PlatformError } from '../core/errors.js';
import type { SendAs } from './sender-chat-view.js';
import type { ChatRow, UserRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { SenderChatsReader } from '../../storage/ports/sender-chats.js';

const restrictRefused = () =>
  new PlatformError('NOT_ENOUGH_RIGHTS_TO_RESTRICT', 'not enough rights to restrict/unrestrict chat member');

export class SenderChats {
  constructor(private readonly ctx: GroupContext) {}

  /** banChatSenderChat: the channel can't be written as in the chat until unbanned. */
  ban(acting: Acting, senderChatId: number): Promise<void> {
    return this.#change(acting, senderChatId, true);
  }

  /** unbanChatSenderChat: lifts the ban; a channel that is not banned is left alone. */
  unban(acting: Acting, senderChatId: number): Promise<void> {
    return this.#change(acting, senderChatId, false);
  }

  async #change(acting: Acting, senderChatId: number, ban: boolean): Promise<void> {
    await commit(this.ctx, async (tx) => {
      const at = await actingIn(this.ctx, tx, acting);
      const { chat } = at;
      if (chat.type === 'private')
        throw new PlatformError('CANT_BAN_IN_PRIVATE_CHAT', "can't ban members in private chats");
      if (chat.type === 'group')
        throw new PlatformError(
          'SUPERGROUPS_AND_CHANNELS_ONLY',
          'method is available for supergroup and channel chats only',
        );
      if (!hasRight(at.state, 'can_restrict_members')) throw restrictRefused();
      const sender = senderChatId < 0 ? await tx.getChatById(senderChatId) : undefined;
      if (!sender || sender.type !== 'channel') throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
      if (sender.pk === chat.pk) throw new PlatformError('CANT_RESTRICT_SELF', "can't restrict self");
      if (ban) await tx.banSenderChat(chat.pk, sender.pk, this.ctx.deps.clock.now());
      else await tx.unbanSenderChat(chat.pk, sender.pk);
    });
  }

  /**
   * A person's message on behalf of the chat `asChatRef` (its id or @username): the chat must be a
   * channel or supergroup; the rest is checked in the message's write (`check`).
   */
  async sendAs(userRef: string, asChatRef: string | number): Promise<SendAs> {
    const { store } = this.ctx.deps;
    await this.ctx.users.resolve(userRef, 'user');
    const text = String(asChatRef).trim();
    let asChat: ChatRow | undefined;
    if (/^-\d+$/.test(text)) asChat = await store.getChatById(Number(text));
    else if (/^@?[a-zA-Z]\w*$/.test(text)) asChat = await store.getChatByUsername(text.replace(/^@/, ''));
    if (!asChat || (asChat.type !== 'channel' && asChat.type !== 'supergroup'))
      throw new PlatformError('CHAT_NOT_FOUND', `no channel or supergroup "${text}" to send as`);
    const asChatPk = asChat.pk;
    return {
      chatId: asChat.id!,
      check: (tx, chat, user) => this.#checkSendAs(tx, chat, user, asChatPk),
    };
  }

  async #checkSendAs(
    tx: ChatsReader & SenderChatsReader,
    chat: ChatRow,
    user: UserRow,
    asChatPk: number,
  ): Promise<void> {
    const now = this.ctx.deps.clock.now();
    if (chat.type !== 'supergroup')
      throw new PlatformError('BAD_REQUEST', 'messages can be sent on behalf of a chat in supergroups only');
    const asChat = await tx.getChat(asChatPk);
    if (!asChat) throw new PlatformError('CHAT_NOT_FOUND', 'the chat to send as no longer exists');
    if (asChat.type === 'supergroup') {
      // An anonymous administrator writes as the supergroup itself, and only there.
      if (asChat.pk !== chat.pk)
        throw new PlatformError('CHAT_WRITE_FORBIDDEN', 'a supergroup can only be written as in itself');
      if (!isAdmin(await stateOf(tx, chat, user.id, now)))
        throw new PlatformError(
          'CHAT_WRITE_FORBIDDEN',
          'only administrators write on behalf of the supergroup',
        );
      return;
    }
    if (!isAdmin(await stateOf(tx, asChat, user.id, now)))
      throw new PlatformError(
        'CHAT_WRITE_FORBIDDEN',
        `only the owner and administrators of channel ${asChat.id} write on its behalf`,
      );
    for (const bannedPk of await tx.listBannedSenderChats(chat.pk)) {
      if (bannedPk === asChat.pk)
        throw new PlatformError('CHAT_WRITE_FORBIDDEN', `channel ${asChat.id} is banned in this chat`);
      // The owner of a banned channel writes as none of their channels (spec banChatSenderChat).
      const owner = memberState(await tx.getMember(bannedPk, user.id), now);
      if (owner.status === 'creator') {
        const banned = (await tx.getChat(bannedPk))!;
        throw new PlatformError(
          'CHAT_WRITE_FORBIDDEN',
          `your channel ${banned.id} is banned in this chat: you can't write as any of your channels`,
        );
      }
    }
  }
}
