/**
 * The storage ports that messages' functions share (issue 30, ADR 0111 addendum): what inserting a
 * message writes, and what finding the bots that receive one reads.
 */
import type { ChatsReader, ChatsWriter } from '../../storage/ports/chats.js';
import type { MessagesReader, MessagesWriter } from '../../storage/ports/messages.js';
import type { TopicsWriter } from '../../storage/ports/topics.js';
import type { UsersReader } from '../../storage/ports/users.js';

/** Inserting a message: the chat's next message id, the row, and its topic's counters. */
export type InsertTx = ChatsWriter & MessagesWriter & TopicsWriter;

/** The bots that receive a message (`Messages.botsOf`): members, bots' settings, the message. */
export type RecipientsReader = ChatsReader & MessagesReader & UsersReader;
