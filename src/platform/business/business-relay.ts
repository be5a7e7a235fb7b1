/**
 * What the bot connected to a business account receives of its chats (spec business_message,
 * edited_business_message, deleted_business_messages): the messages of the private chats between
 * the account and other people, as the account sees them, with business_connection_id, and the
 * bot's own file_ids (ADR 0040). Called inside the write that stores the message, so the update
 * commits with it. ADR 0049. Messages reach it through the kernel's MessageRelay (ADR 0111).
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { Files } from '../files/files.js';
import type { MessageRelay, MessageStore } from '../messages/message-relay.js';
import type { EnqueueTx, UpdateQueue } from '../updates/update-queue.js';
import type { BusinessConnectionRow, ChatRow, MessageRow, StoreTx, UserRow } from '../../storage/store.js';
import { renderUser } from '../users/users.js';
import { privateChatOf } from '../chats/chats.js';
import { businessTarget } from './send-on-behalf.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { SettingsReader } from '../../storage/ports/settings.js';
import type { FilesReader } from '../../storage/ports/files.js';
import type { BusinessReader, BusinessWriter } from '../../storage/ports/business.js';

/** A business account in a private chat: its enabled connection and the other party (a person). */
export interface BusinessSide {
  ownerId: number;
  customerId: number;
  connection: BusinessConnectionRow;
}

export class BusinessRelay implements MessageRelay {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly updates: UpdateQueue,
    private readonly files?: Files,
  ) {}

  /** The business accounts of a private chat between two people that have a bot connected. */
  async sidesOf(reader: BusinessReader & UsersReader, chat: ChatRow): Promise<BusinessSide[]> {
    if (chat.type !== 'private' || chat.user_a === null || chat.user_b === null) return [];
    // Users are cached rows: a chat with a bot (the hot path) costs no query of connections.
    const [a, b] = await Promise.all([reader.getUser(chat.user_a), reader.getUser(chat.user_b)]);
    if (!a || !b || a.is_bot || b.is_bot) return [];
    const sides: BusinessSide[] = [];
    for (const [ownerId, customerId] of [
      [a.id, b.id],
      [b.id, a.id],
    ] as const) {
      const connection = await reader.getEnabledBusinessConnectionOf(ownerId);
      if (connection) sides.push({ ownerId, customerId, connection });
    }
    return sides;
  }

  /**
   * Queues business_message (or edited_business_message) for the bots connected to the people of
   * the chat, except `skipBotId` (the bot that sent it on the account's behalf). `render` gives
   * the message as a viewer sees it. Answers the bots to notify after the commit.
   */
  async relay(
    tx: BusinessReader & BusinessWriter & FilesReader & SettingsReader & EnqueueTx,
    chat: ChatRow,
    row: MessageRow,
    type: 'business_message' | 'edited_business_message',
    render: (viewerId: number) => Promise<WireMessage>,
    skipBotId?: number,
  ): Promise<number[]> {
    const notify: number[] = [];
    for (const side of await this.sidesOf(tx, chat)) {
      const { connection } = side;
      // The customer's messages open the 24 hours in which the bot may reply (can_reply).
      if (type === 'business_message' && row.sender_id === side.customerId) {
        await tx.touchBusinessChat(connection.id, chat.pk, row.date);
      }
      if (connection.bot_id === skipBotId) continue;
      const payload = await this.forBot(tx, connection, await render(side.ownerId), row);
      const queued = await this.updates.enqueue(tx, connection.bot_id, {
        type,
        payload,
        queueKey: `c${payload.chat.id}`,
        date: row.edit_date ?? row.date,
      });
      if (queued !== null) notify.push(connection.bot_id);
    }
    return notify;
  }

  /** deleted_business_messages for the bots connected to the people of the chat. */
  async relayDeleted(
    tx: BusinessReader & EnqueueTx,
    chat: ChatRow,
    messageIds: number[],
    skipBotId?: number,
  ): Promise<number[]> {
    const notify: number[] = [];
    for (const side of await this.sidesOf(tx, chat)) {
      if (side.connection.bot_id === skipBotId) continue;
      const customer = await tx.getUser(side.customerId);
      if (!customer) continue;
      const queued = await this.updates.enqueue(tx, side.connection.bot_id, {
        type: 'deleted_business_messages',
        payload: {
          business_connection_id: side.connection.id,
          chat: privateChatOf(customer),
          message_ids: messageIds,
        },
        queueKey: `c${customer.id}`,
        date: this.deps.clock.now(),
      });
      if (queued !== null) notify.push(side.connection.bot_id);
    }
    return notify;
  }

  /**
   * A message as the business account sees it, made the bot's: business_connection_id after
   * message_id, sender_business_bot on what a bot sent on the account's behalf, and the bot's own
   * file_ids.
   */
  async forBot(
    reader: FilesReader & SettingsReader & UsersReader,
    connection: BusinessConnectionRow,
    seen: WireMessage,
    row: MessageRow,
  ): Promise<WireMessage> {
    const { message_id, ...rest } = seen;
    const message: WireMessage = {
      message_id,
      business_connection_id: connection.id,
      ...rest,
    } as WireMessage;
    const body = JSON.parse(row.body) as { _business_bot?: number };
    if (typeof body._business_bot === 'number') {
      const bot = await reader.getUser(body._business_bot);
      if (bot) message.sender_business_bot = renderUser(bot);
    }
    await this.files?.bindFileIds(reader, connection.bot_id, message);
    return message;
  }

  /**
   * A bot sends on behalf of a business account (send-on-behalf.ts checks it): the account's
   * message in its chat with the customer, as the bot sees it.
   */
  async sendOnBehalf(
    messages: MessageStore,
    bot: UserRow,
    connectionId: string,
    chatId: number,
    content: MessageContent,
    replyTo: { messageId: number; allowWithout: boolean } | undefined,
    withMessage?: (tx: StoreTx, chat: ChatRow, row: MessageRow) => Promise<void>,
  ): Promise<WireMessage> {
    const { deps } = this;
    const sent = await deps.store.write(async (tx) => {
      const { connection, chat } = await businessTarget(tx, deps.clock.now(), bot, connectionId, chatId);
      if (replyTo) {
        if (await tx.getMessage(chat.pk, replyTo.messageId)) content._reply_to = replyTo.messageId;
        else if (!replyTo.allowWithout) {
          throw new PlatformError('REPLY_MESSAGE_NOT_FOUND', 'message to be replied not found');
        }
      }
      content._business_bot = bot.id;
      const row = await messages.insertServiceMessage(tx, chat, connection.user_id, content);
      await withMessage?.(tx, chat, row);
      // A customer that is a business account too has its own bot, which gets the message.
      const notify = await this.relay(
        tx,
        chat,
        row,
        'business_message',
        (viewer) => messages.render(tx, chat, row, viewer),
        bot.id,
      );
      return { connection, chat, row, notify };
    });
    for (const botId of sent.notify) deps.bus.emit('updates.queued', { botId });
    messages.announceServiceMessage(sent.chat, sent.row);
    const { store } = deps;
    const seen = await messages.render(store, sent.chat, sent.row, sent.connection.user_id);
    return this.forBot(store, sent.connection, seen, sent.row);
  }
}
