/** The statements of ephemeral messages (ports/ephemeral.ts, ADR 0076), one text for both adapters (ADR 0109). */

/** The chat's smallest ephemeral id that no message holds: 1, or one past the end of a run. */
const FREE_EPHEMERAL_ID = `CASE WHEN NOT EXISTS (SELECT 1 FROM ephemeral_messages
  WHERE chat_pk = ? AND ephemeral_message_id = 1) THEN 1 ELSE (SELECT MIN(e.ephemeral_message_id + 1)
  FROM ephemeral_messages e WHERE e.chat_pk = ? AND NOT EXISTS (SELECT 1 FROM ephemeral_messages f
  WHERE f.chat_pk = e.chat_pk AND f.ephemeral_message_id = e.ephemeral_message_id + 1)) END`;

const COLUMNS = `seq, chat_pk, ephemeral_message_id, receiver_id, sender_id, after_message_id, date,
  edit_date, body, seen, replaces_message_id`;

export const EPHEMERAL_SQL = Object.freeze({
  getEphemeralMessage: `SELECT ${COLUMNS} FROM ephemeral_messages WHERE chat_pk = ? AND ephemeral_message_id = ?`,
  listEphemeralMessages: `SELECT ${COLUMNS} FROM ephemeral_messages
    WHERE chat_pk = ? AND (receiver_id = ? OR sender_id = ?) ORDER BY after_message_id, seq`,
  nextUnseenEphemeralMessage: `SELECT ${COLUMNS} FROM ephemeral_messages
    WHERE chat_pk = ? AND receiver_id = ? AND NOT seen ORDER BY after_message_id, seq LIMIT 1`,
  /** The chat's pk three times (the row's, then FREE_EPHEMERAL_ID's two), then the other columns. */
  insertEphemeralMessage: `INSERT INTO ephemeral_messages (chat_pk, ephemeral_message_id, receiver_id, sender_id,
      after_message_id, date, edit_date, body, replaces_message_id)
    VALUES (?, ${FREE_EPHEMERAL_ID}, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
  updateEphemeralMessage:
    'UPDATE ephemeral_messages SET body = ?, edit_date = ? WHERE chat_pk = ? AND ephemeral_message_id = ?',
  deleteEphemeralMessage: 'DELETE FROM ephemeral_messages WHERE chat_pk = ? AND ephemeral_message_id = ?',
  markEphemeralSeen:
    'UPDATE ephemeral_messages SET seen = TRUE WHERE chat_pk = ? AND ephemeral_message_id = ?',
} as const);
