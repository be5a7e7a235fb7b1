/** Forum topics and their messages (ports/topics.ts): one text for both adapters (ADR 0109). */
export const TOPICS_SQL = Object.freeze({
  getForumTopic: 'SELECT * FROM forum_topics WHERE chat_pk = ? AND thread_id = ?',
  listForumTopics: 'SELECT * FROM forum_topics WHERE chat_pk = ? ORDER BY thread_id',
  listTopicMessages:
    'SELECT message_id FROM forum_topic_messages WHERE chat_pk = ? AND thread_id = ? ORDER BY message_id',
  topicOfMessage: 'SELECT thread_id FROM forum_topic_messages WHERE chat_pk = ? AND message_id = ?',
  deleteForumTopic: 'DELETE FROM forum_topics WHERE chat_pk = ? AND thread_id = ?',
  deleteTopicMessages: 'DELETE FROM forum_topic_messages WHERE chat_pk = ? AND thread_id = ?',
  addTopicMessage: `INSERT INTO forum_topic_messages (chat_pk, thread_id, message_id) VALUES (?, ?, ?)
    ON CONFLICT DO NOTHING`,
} as const);
