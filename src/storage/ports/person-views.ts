/**
 * What a person's app lists (the web client, ADR 0055): the chats a person is in, how many of a
 * chat's messages came from others after the person's read cursor, and the people and bots there
 * are to sign in as or to start a chat with. Read-only views over `chats`, `chat_members`,
 * `messages`, `users` and `bots`; nothing here is cached.
 *
 * Contract:
 * - `listUserChats` answers the private chats the user is one side of and the groups, supergroups
 *   and channels where the user's status is creator, administrator, member or restricted (not
 *   left or kicked), each once, the chat with the newest message id first among equals of kind
 *   (callers sort by the last message's date), at most `limit`.
 * - `countIncomingAfter` counts the chat's messages with an id above `afterId` that `userId` did
 *   not send (messages with no sender count: service messages).
 * - `listPeople` and `listBots` answer users that are not bots / that are bots, oldest first.
 */
import type { ChatRow } from './chats.js';
import type { UserRow } from './users.js';

export interface PersonViewsReader {
  listUserChats(userId: number, limit: number): Promise<ChatRow[]>;
  countIncomingAfter(chatPk: number, afterId: number, userId: number): Promise<number>;
  listPeople(limit: number): Promise<UserRow[]>;
  listBots(limit: number): Promise<UserRow[]>;
}
