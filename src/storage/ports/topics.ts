/**
 * Forum topics (tables `forum_topics`, `forum_topic_messages`; the chat's `is_forum` is a column of
 * `chats`, ports/chats.ts).
 *
 * Contract:
 * - A topic is identified by (chat_pk, thread_id); `insertForumTopic` of an existing one fails with
 *   UniqueViolation. The General topic is the row with thread_id 1 (GENERAL_THREAD_ID).
 * - `listForumTopics` lists a chat's topics in order of thread_id.
 * - `addTopicMessage` records that a message belongs to a topic (a second call for the same message
 *   changes nothing); `listTopicMessages` gives the message ids of a topic in increasing order, and
 *   `topicOfMessage` the topic of a message (undefined for none).
 * - `deleteForumTopic` deletes the topic's row and its message list (not the messages themselves).
 * - Nothing here is cached: reads see every committed write.
 */

/** The General topic's thread id: it exists in every forum and is never deleted. */
export const GENERAL_THREAD_ID = 1;

export interface ForumTopicRow {
  chat_pk: number;
  /** The message_id of the topic's forum_topic_created message (1 for the General topic). */
  thread_id: number;
  name: string;
  /** RGB of the topic's icon (one of the six the spec allows). */
  icon_color: number;
  icon_custom_emoji_id: string | null;
  /** The user or bot that created the topic (the chat's creator for General). */
  creator_id: number;
  is_closed: boolean;
  /** The General topic only. */
  is_hidden: boolean;
  created_at: number;
}

export interface TopicsReader {
  getForumTopic(chatPk: number, threadId: number): Promise<ForumTopicRow | undefined>;
  listForumTopics(chatPk: number): Promise<ForumTopicRow[]>;
  listTopicMessages(chatPk: number, threadId: number): Promise<number[]>;
  topicOfMessage(chatPk: number, messageId: number): Promise<number | undefined>;
}

export interface TopicsWriter {
  insertForumTopic(row: ForumTopicRow): Promise<void>;
  updateForumTopic(
    chatPk: number,
    threadId: number,
    patch: Partial<Pick<ForumTopicRow, 'name' | 'icon_custom_emoji_id' | 'is_closed' | 'is_hidden'>>,
  ): Promise<void>;
  deleteForumTopic(chatPk: number, threadId: number): Promise<void>;
  addTopicMessage(chatPk: number, threadId: number, messageId: number): Promise<void>;
}
