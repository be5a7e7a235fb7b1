/**
 * Store ports that the platform names beside the area ports of src/storage/ports/ (issue 30, ADR
 * 0111): a function types its store parameter with the ports it uses (`UsersReader &
 * MessagesWriter`, ...), a function that writes the gateway's tables in the same transaction names
 * `GatewayTx`, and the kernel's two sets that every part posting or showing a message shares are
 * named here once: `InsertTx` and `RenderReader`.
 */
import type { GatewayStoreTx } from '../../storage/gateway-store.js';
import type { ChatsReader, ChatsWriter } from '../../storage/ports/chats.js';
import type { FilesReader } from '../../storage/ports/files.js';
import type { MessagesReader, MessagesWriter } from '../../storage/ports/messages.js';
import type { PaidMediaReader } from '../../storage/ports/paid-media.js';
import type { SettingsReader, SettingsWriter } from '../../storage/ports/settings.js';
import type { TopicsWriter } from '../../storage/ports/topics.js';
import type { UsersReader } from '../../storage/ports/users.js';

/**
 * The gateway's reads and writes inside one `store.write` (`StoreTx.gateway`), and the write's
 * guard (ports/settings.ts `guardWrite`) for its decisions on rows another write may add.
 */
export interface GatewayTx extends Pick<SettingsWriter, 'guardWrite'> {
  readonly gateway: GatewayStoreTx;
}

/**
 * Inserting a message (`Messages.insertServiceMessage`): the chat's next id, the row, its topic's
 * messages, and the topic's write guard (`topicGuard`).
 */
export type InsertTx = ChatsWriter & MessagesWriter & TopicsWriter & Pick<SettingsWriter, 'guardWrite'>;

/**
 * The write guard (ports/settings.ts) of a forum topic's messages: a message inserted into the topic
 * and the topic's deletion, which lists its messages, never miss each other (ADR 0129).
 */
export const topicGuard = (chatPk: number, threadId: number) => `topic:${chatPk}:${threadId}`;

/** Adds a message to a forum topic's messages, under the topic's write guard. */
export async function addToTopic(tx: InsertTx, chatPk: number, threadId: number, messageId: number) {
  await tx.guardWrite(topicGuard(chatPk, threadId));
  await tx.addTopicMessage(chatPk, threadId, messageId);
}

/**
 * What showing a message to a viewer reads (`Messages.render`, and what it hands its extension
 * points: renderers, paid media's previews): the chat and its members, the sender, replies and pins,
 * mentioned users, the viewer's file ids, and paid media's purchases.
 */
export type RenderReader = ChatsReader &
  FilesReader &
  MessagesReader &
  PaidMediaReader &
  SettingsReader &
  UsersReader;
