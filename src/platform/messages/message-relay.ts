/**
 * An extension point of the kernel (ADR 0111): a feature that relays a chat's messages to bots
 * beyond the chat's own, and sends a bot's message as another account's. business/ is the one
 * today (business-relay.ts: the bots connected to a business account get its chats' messages,
 * and send on its behalf with business_connection_id; ADR 0049). Messages is given it when built
 * and runs it inside the transaction that stores the message, so what it queues commits with it.
 */
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { ServiceMessages } from '../chats/group-context.js';
import type { ChatRow, MessageRow, StoreTx, UserRow } from '../../storage/store.js';
import type { BusinessReader, BusinessWriter } from '../../storage/ports/business.js';
import type { FilesReader } from '../../storage/ports/files.js';
import type { SettingsReader } from '../../storage/ports/settings.js';
import type { EnqueueTx } from '../updates/update-queue.js';

/** What a send on another account's behalf needs of messages/messages.ts: what chats/ needs too. */
export type MessageStore = ServiceMessages;

/**
 * What relaying a message uses (`MessageRelay.relay`, as business/ relays): the connections and their
 * chats, the relayed bots' file ids, their updates.
 */
export type RelayTx = BusinessReader & BusinessWriter & EnqueueTx & FilesReader & SettingsReader;

export interface MessageRelay {
  /**
   * Queues the message (or its edit) for the relay's bots, except `skipBotId`; `render` gives the
   * message as a viewer sees it. Answers the bots to notify after the commit.
   */
  relay(
    tx: RelayTx,
    chat: ChatRow,
    row: MessageRow,
    type: 'business_message' | 'edited_business_message',
    render: (viewerId: number) => Promise<WireMessage>,
    skipBotId?: number,
  ): Promise<number[]>;
  /** Tells the relay's bots of deleted messages; answers the bots to notify after the commit. */
  relayDeleted(
    tx: BusinessReader & EnqueueTx,
    chat: ChatRow,
    messageIds: number[],
    skipBotId?: number,
  ): Promise<number[]>;
  /** A bot's send on behalf of the account `connectionId` names; answers the message as the bot sees it. */
  sendOnBehalf(
    messages: MessageStore,
    bot: UserRow,
    connectionId: string,
    chatId: number,
    content: MessageContent,
    replyTo: { messageId: number; allowWithout: boolean } | undefined,
    withMessage?: (tx: StoreTx, chat: ChatRow, row: MessageRow) => Promise<void>,
  ): Promise<WireMessage>;
}
