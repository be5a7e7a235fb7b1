/**
 * The storage ports that messages' functions share (issue 30, ADR 0111 addendum): what finding the
 * bots that receive a message reads, and what finding the chat a person names reads (and writes,
 * when it creates their private chat). Inserting and rendering a message: core/store-ports.ts.
 */
import type { ChatsReader, ChatsWriter } from '../../storage/ports/chats.js';
import type { MessagesReader } from '../../storage/ports/messages.js';
import type { UsersReader } from '../../storage/ports/users.js';

/** The bots that receive a message (`Messages.botsOf`): members, bots' settings, the message. */
export type RecipientsReader = ChatsReader & MessagesReader & UsersReader;

/** The chat a person names (`Messages.chatForUser`): a @username's user or a chat id as they see it. */
export type ChatRefReader = ChatsReader & UsersReader;

/** The same, creating the private chat with the named user (`create`, inside a write). */
export type ChatRefTx = ChatRefReader & ChatsWriter;
