/**
 * An extension point of the kernel (ADR 0111): the feature that puts messages into threads. topics/
 * is the one (threads.ts: forum topics and bots' private topics, ADR 0045); it registers itself with
 * Messages.setThreads when it is built. Without it no message has a thread.
 */
import type { MessageContent } from '../core/wire-types.js';
import type { ChatRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { MessagesReader } from '../../storage/ports/messages.js';
import type { SettingsReader } from '../../storage/ports/settings.js';
import type { TopicsReader } from '../../storage/ports/topics.js';
import type { UsersReader } from '../../storage/ports/users.js';

export interface MessageThreads {
  /**
   * Places a message about to be stored into its thread, inside the send's write: marks the content
   * (`_thread`), or refuses (a thread that does not exist, a closed topic).
   */
  place(
    reader: ChatsReader & MessagesReader & SettingsReader & TopicsReader & UsersReader,
    chat: ChatRow,
    senderId: number,
    now: number,
    content: MessageContent,
  ): Promise<void>;
  /** The thread a stored message's content belongs to, if any. */
  of(content: MessageContent, messageId: number): number | undefined;
}
