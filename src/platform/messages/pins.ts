/**
 * Pinned messages (docs/adr/0031-reactions-and-pins.md). In a private chat both sides may pin; in
 * groups and supergroups the creator and administrators with can_pin_messages, in channels those
 * with can_edit_messages (the member data of chat_members). Pinning adds a service message with
 * `pinned_message`, which the other party's bots receive as a `message`; unpinning adds none.
 */
import type { Chats } from '../chats/chats.js';
import { chatPermissions } from '../chats/chat-access.js';
import { hasRight, isAdmin, mayUseRight, memberState } from '../chats/chat-rights.js';
import { PlatformError } from '../core/errors.js';
import type { Messages } from './messages.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { UpdateQueue } from '../updates/update-queue.js';
import type { Users } from '../users/users.js';
import type { WireMessage } from '../core/wire-types.js';
import type { ChatRow, MessageRow, UserRow } from '../../storage/store.js';
import type { ChatRefReader } from './message-ports.js';
import type { ChatsReader } from '../../storage/ports/chats.js';

const NO_RIGHTS = 'not enough rights to manage pinned messages in the chat';

export class Pins {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly chats: Chats,
    private readonly messages: Messages,
    private readonly updates: UpdateQueue,
  ) {}

  /** pinChatMessage: `chatId` as the bot sees it. */
  async pinByBot(bot: UserRow, chatId: number, messageId: number, silent: boolean): Promise<void> {
    await this.#pin(
      bot,
      (tx) => this.chats.resolveForViewer(tx, bot, chatId),
      messageId,
      silent,
      () => new PlatformError('MESSAGE_TO_PIN_NOT_FOUND', 'message to pin not found'),
    );
  }

  /** A person pins a message; returns the service message as they see it. */
  async pinByUser(userRef: string, chatRef: string, messageId: number): Promise<WireMessage> {
    const user = await this.users.resolve(userRef, 'user');
    return this.#pin(
      user,
      (tx) => this.#chatForUser(tx, user, chatRef),
      messageId,
      false,
      () => new PlatformError('MESSAGE_NOT_FOUND', `no message ${messageId} in that chat`),
    );
  }

  /**
   * unpinChatMessage: the given message, or the newest pinned one when `messageId` is undefined.
   * Unpinning a message that is not pinned changes nothing.
   */
  async unpinByBot(bot: UserRow, chatId: number, messageId: number | undefined): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const chat = await this.chats.resolveForViewer(tx, bot, chatId);
      const target = messageId ?? (await tx.listPinnedMessages(chat.pk))[0];
      if (target === undefined || !(await tx.getMessage(chat.pk, target))) {
        throw new PlatformError('MESSAGE_TO_UNPIN_NOT_FOUND', 'message to unpin not found');
      }
      await this.#checkRights(tx, chat, bot);
      await tx.unpinMessage(chat.pk, target);
    });
  }

  /** unpinAllChatMessages. */
  async unpinAllByBot(bot: UserRow, chatId: number): Promise<void> {
    await this.deps.store.write(async (tx) => {
      const chat = await this.chats.resolveForViewer(tx, bot, chatId);
      await this.#checkRights(tx, chat, bot);
      await tx.unpinAllMessages(chat.pk);
    });
  }

  /** A person unpins a message of a chat they may manage. */
  async unpinByUser(userRef: string, chatRef: string, messageId: number): Promise<void> {
    const user = await this.users.resolve(userRef, 'user');
    await this.deps.store.write(async (tx) => {
      const chat = await this.#chatForUser(tx, user, chatRef);
      await this.#checkRights(tx, chat, user);
      if (!(await tx.getMessage(chat.pk, messageId))) {
        throw new PlatformError('MESSAGE_NOT_FOUND', `no message ${messageId} in that chat`);
      }
      await tx.unpinMessage(chat.pk, messageId);
    });
  }

  /** The chat's pinned messages as a person sees them, the newest message first. */
  async pinnedFor(userRef: string, chatRef: string): Promise<WireMessage[]> {
    const { store } = this.deps;
    const user = await this.users.resolve(userRef);
    const chat = await this.messages.chatForUser(store, user, chatRef, false);
    if (!chat) return [];
    const pinned: WireMessage[] = [];
    for (const id of await store.listPinnedMessages(chat.pk)) {
      const row = await store.getMessage(chat.pk, id);
      if (row) pinned.push(await this.messages.render(store, chat, row, user.id));
    }
    return pinned;
  }

  async #pin(
    actor: UserRow,
    findChat: (tx: ChatRefReader) => Promise<ChatRow>,
    messageId: number,
    silent: boolean,
    notFound: () => PlatformError,
  ): Promise<WireMessage> {
    const { store, clock } = this.deps;
    const done = await store.write(async (tx) => {
      const chat = await findChat(tx);
      if (messageId <= 0 || !(await tx.getMessage(chat.pk, messageId))) throw notFound();
      await this.#checkRights(tx, chat, actor);
      await tx.pinMessage(chat.pk, messageId, clock.now());
      // The service message; notifications are always off in private chats and channels (spec).
      const quiet = silent || chat.type === 'private' || chat.type === 'channel';
      const service: MessageRow = await this.messages.insertServiceMessage(tx, chat, actor.id, {
        _pinned: messageId,
        ...(quiet ? { _silent: true } : {}),
      });
      const botIds = await this.messages.botsOf(tx, chat, actor.id);
      const notified: number[] = [];
      for (const botId of botIds) {
        const payload = await this.messages.render(tx, chat, service, botId);
        const queued = await this.updates.enqueue(tx, botId, {
          type: chat.type === 'channel' ? 'channel_post' : 'message',
          payload,
          queueKey: `c${payload.chat.id}`,
          date: service.date,
        });
        if (queued !== null) notified.push(botId);
      }
      return { chat, service, notified };
    });
    for (const botId of done.notified) this.updates.notify(botId);
    this.messages.announceServiceMessage(done.chat, done.service);
    return this.messages.render(store, done.chat, done.service, actor.id);
  }

  async #chatForUser(tx: ChatRefReader, user: UserRow, chatRef: string): Promise<ChatRow> {
    const chat = await this.messages.chatForUser(tx, user, chatRef, false);
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${chatRef}"`);
    return chat;
  }

  /** Who may manage pinned messages: anyone in a private chat, else by member status and rights. */
  /**
   * Who may pin: in a channel an administrator with can_edit_messages; in a group or supergroup an
   * administrator with can_pin_messages, or a person who is not an administrator while the chat's
   * permissions (and a restricted member's own) allow can_pin_messages; a bot only as an
   * administrator (spec pinChatMessage). The creator always.
   */
  async #checkRights(tx: ChatsReader, chat: ChatRow, actor: UserRow): Promise<void> {
    if (chat.type === 'private') return;
    const state = memberState(await tx.getMember(chat.pk, actor.id), this.deps.clock.now());
    if (chat.type === 'channel') {
      if (hasRight(state, 'can_edit_messages')) return;
    } else if (isAdmin(state)) {
      if (hasRight(state, 'can_pin_messages')) return;
    } else if (mayUseRight(actor, state, chatPermissions(chat), 'can_pin_messages')) return;
    throw new PlatformError('NOT_ENOUGH_RIGHTS_TO_PIN', NO_RIGHTS);
  }
}
