/**
 * Ephemeral messages on PostgreSQL (ports/ephemeral.ts, ADR 0076). Two writes that take the same
 * free id conflict on the unique key or under SERIALIZABLE, and the adapter runs one again.
 */
import type { PgSql } from '../pg-sql.js';
import type {
  EphemeralMessageRow,
  EphemeralReader,
  EphemeralWriter,
  NewEphemeralMessage,
} from '../../ports/ephemeral.js';

/** The chat's smallest ephemeral id that no message holds: 1, or one past the end of a run. */
const FREE_EPHEMERAL_ID = `CASE WHEN NOT EXISTS (SELECT 1 FROM ephemeral_messages
  WHERE chat_pk = ? AND ephemeral_message_id = 1) THEN 1 ELSE (SELECT MIN(e.ephemeral_message_id + 1)
  FROM ephemeral_messages e WHERE e.chat_pk = ? AND NOT EXISTS (SELECT 1 FROM ephemeral_messages f
  WHERE f.chat_pk = e.chat_pk AND f.ephemeral_message_id = e.ephemeral_message_id + 1)) END`;

const COLUMNS = `seq, chat_pk, ephemeral_message_id, receiver_id, sender_id, after_message_id, date,
  edit_date, body, seen, replaces_message_id`;

export class PgEphemeral implements EphemeralReader, EphemeralWriter {
  constructor(private readonly sql: PgSql) {}

  async getEphemeralMessage(chatPk: number, ephemeralMessageId: number) {
    return (await this.sql.get(
      `SELECT ${COLUMNS} FROM ephemeral_messages WHERE chat_pk = ? AND ephemeral_message_id = ?`,
      chatPk,
      ephemeralMessageId,
    )) as EphemeralMessageRow | undefined;
  }
  async listEphemeralMessages(chatPk: number, userId: number) {
    return (await this.sql.all(
      `SELECT ${COLUMNS} FROM ephemeral_messages WHERE chat_pk = ? AND (receiver_id = ? OR sender_id = ?)
       ORDER BY after_message_id, seq`,
      chatPk,
      userId,
      userId,
    )) as unknown as EphemeralMessageRow[];
  }
  async nextUnseenEphemeralMessage(chatPk: number, receiverId: number) {
    return (await this.sql.get(
      `SELECT ${COLUMNS} FROM ephemeral_messages WHERE chat_pk = ? AND receiver_id = ? AND NOT seen
       ORDER BY after_message_id, seq LIMIT 1`,
      chatPk,
      receiverId,
    )) as EphemeralMessageRow | undefined;
  }
  async insertEphemeralMessage(row: NewEphemeralMessage) {
    return (await this.sql.get(
      `INSERT INTO ephemeral_messages (chat_pk, ephemeral_message_id, receiver_id, sender_id,
         after_message_id, date, edit_date, body, replaces_message_id)
       VALUES (?, ${FREE_EPHEMERAL_ID}, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
      row.chat_pk,
      row.chat_pk,
      row.chat_pk,
      row.receiver_id,
      row.sender_id,
      row.after_message_id,
      row.date,
      row.edit_date,
      row.body,
      row.replaces_message_id ?? null,
    )) as unknown as EphemeralMessageRow;
  }
  async updateEphemeralMessage(chatPk: number, ephemeralMessageId: number, body: string, editDate: number) {
    const changed = await this.sql.run(
      'UPDATE ephemeral_messages SET body = ?, edit_date = ? WHERE chat_pk = ? AND ephemeral_message_id = ?',
      body,
      editDate,
      chatPk,
      ephemeralMessageId,
    );
    return changed > 0;
  }
  async deleteEphemeralMessage(chatPk: number, ephemeralMessageId: number) {
    const changed = await this.sql.run(
      'DELETE FROM ephemeral_messages WHERE chat_pk = ? AND ephemeral_message_id = ?',
      chatPk,
      ephemeralMessageId,
    );
    return changed > 0;
  }
  async markEphemeralSeen(chatPk: number, ephemeralMessageId: number) {
    await this.sql.run(
      'UPDATE ephemeral_messages SET seen = TRUE WHERE chat_pk = ? AND ephemeral_message_id = ?',
      chatPk,
      ephemeralMessageId,
    );
  }
}
