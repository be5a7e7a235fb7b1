/**
 * Chats and their members (tables `chats`, `chat_members`), and the per-chat sequence of message ids.
 *
 * Contract:
 * - `getChat`, `getPrivateChat` and `getMember` may be answered from an adapter's cache, never with
 *   a row that was not committed; a rolled-back write drops what it touched.
 * - A private chat exists at most once per pair of users (user_a < user_b); `insertChat` of a second
 *   one fails with UniqueViolation, and the caller reads the first.
 * - `nextMessageId` hands out the chat's ids: increasing in the order the writes commit, starting at
 *   1; a committed id is never handed out again (an id given to a write that rolled back may be).
 *   Ids may be skipped (SQLite reserves them in blocks, ADR 0007: a block not used up before a
 *   restart or a rollback is lost). The chat row's `last_message_id` is at least every id handed out.
 *   Two writers (two processes) never get the same id: ids come from an atomic increment of
 *   `last_message_id` in the write (PostgreSQL: one per id, the row held until the commit).
 */

export type ChatType = 'private' | 'group' | 'supergroup' | 'channel';

export interface ChatRow {
  /** Internal key. Private chats have no public id: each side sees the other party's id. */
  pk: number;
  id: number | null;
  type: ChatType;
  title: string | null;
  username: string | null;
  description: string | null;
  /** Private chats: the two participants, user_a < user_b. */
  user_a: number | null;
  user_b: number | null;
  last_message_id: number;
  created_at: number;
  /** Groups and supergroups: JSON ChatPermissions; null means everything is allowed (005-groups). */
  permissions?: string | null;
  /** A group upgraded to a supergroup: the supergroup's id (005-groups). */
  migrated_to_id?: number | null;
  /** Groups, supergroups and channels: the pk of the chat photo's file; null for none (012-chat-photo). */
  photo_file_pk?: number | null;
  /** Supergroups: 1 when topics are on (a forum), else 0 (015-forum-topics). */
  is_forum?: number;
  /** A channel's direct-messages chat: the channel's pk; null for other chats (022-suggested-posts). */
  parent_pk?: number | null;
}

export type MemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

export interface MemberRow {
  chat_pk: number;
  user_id: number;
  status: MemberStatus;
  /** JSON object: administrator rights, restrictions, until_date, custom_title, ... */
  data: string;
  updated_at: number;
}

export interface ChatsReader {
  getChat(pk: number): Promise<ChatRow | undefined>;
  getChatById(id: number): Promise<ChatRow | undefined>;
  getChatByUsername(username: string): Promise<ChatRow | undefined>;
  getPrivateChat(userA: number, userB: number): Promise<ChatRow | undefined>;
  getMember(chatPk: number, userId: number): Promise<MemberRow | undefined>;
  listMembers(chatPk: number): Promise<MemberRow[]>;
  /** The members that are bots (any status), by user id: one read, not one per member. */
  listBotMembers(chatPk: number): Promise<MemberRow[]>;
}

export interface ChatsWriter {
  /** Inserts a chat and returns its pk. */
  insertChat(row: Omit<ChatRow, 'pk'>): Promise<number>;
  /**
   * Inserts a chat (a group's, a channel's) whose id is `newId()`, asked again while a chat has
   * that id; answers the row. On PostgreSQL, in a write, one without a username goes with the
   * write's next statement (its pk taken ahead), with no statement to find its id free: an id
   * taken fails the insert, and the write runs again.
   */
  insertChatWithNewId(row: Omit<ChatRow, 'pk' | 'id'>, newId: () => number): Promise<ChatRow>;
  /**
   * The private chat of the pair `row` names (user_a < user_b): the one that exists (`created`
   * false), else `row` inserted. One statement for a new chat on PostgreSQL (the insert, which
   * finds a chat made meanwhile by the pair's unique index), none for one in its row cache; one
   * that a read before the write did not find is inserted with the write's next statement (if
   * made since, the insert fails and the write runs again).
   */
  ensurePrivateChat(row: Omit<ChatRow, 'pk'>): Promise<{ chat: ChatRow; created: boolean }>;
  updateChat(
    pk: number,
    patch: Partial<
      Pick<
        ChatRow,
        'title' | 'description' | 'username' | 'permissions' | 'migrated_to_id' | 'photo_file_pk' | 'is_forum'
      >
    >,
  ): Promise<void>;
  /** The chat's next message_id (see the contract above). */
  nextMessageId(chatPk: number): Promise<number>;
  upsertMember(row: MemberRow): Promise<void>;
}
