/** Ephemeral messages on SQLite (ports/ephemeral.ts, ADR 0076). */
import { type SqlStatements } from '../sql-statements.js';
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

const rowOf = (row: Record<string, unknown> | undefined): EphemeralMessageRow | undefined =>
  row && ({ ...row, seen: row.seen === 1 } as unknown as EphemeralMessageRow);

export class SqliteEphemeral implements EphemeralReader, EphemeralWriter {
  constructor(private readonly sql: SqlStatements) {}

  async getEphemeralMessage(chatPk: number, ephemeralMessageId: number) {
    return rowOf(
      this.sql.get(
        `SELECT ${COLUMNS} FROM ephemeral_messages WHERE chat_pk = ? AND ephemeral_message_id = ?`,
        chatPk,
        ephemeralMessageId,
      ),
    );
  }
  async listEphemeralMessages(chatPk: number, userId: number) {
    return this.sql
      .all(
        `SELECT ${COLUMNS} FROM ephemeral_messages WHERE chat_pk = ? AND (receiver_id = ? OR sender_id = ?)
         ORDER BY after_message_id, seq`,
        chatPk,
        userId,
        userId,
      )
      .map((row) => rowOf(row)!);
  }
  async nextUnseenEphemeralMessage(chatPk: number, receiverId: number) {
    return rowOf(
      this.sql.get(
        `SELECT ${COLUMNS} FROM ephemeral_messages WHERE chat_pk = ? AND receiver_id = ? AND seen = 0
         ORDER BY after_message_id, seq LIMIT 1`,
        chatPk,
        receiverId,
      ),
    );
  }
  async insertEphemeralMessage(row: NewEphemeralMessage) {
    const inserted = this.sql.get(
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
    );
    return rowOf(inserted)!;
  }
  async updateEphemeralMessage(chatPk: number, ephemeralMessageId: number, body: string, editDate: number) {
    return (
      this.sql.run(
        'UPDATE ephemeral_messages SET body = ?, edit_date = ? WHERE chat_pk = ? AND ephemeral_message_id = ?',
        body,
        editDate,
        chatPk,
        ephemeralMessageId,
      ).changes > 0
    );
  }
  async deleteEphemeralMessage(chatPk: number, ephemeralMessageId: number) {
    return (
      this.sql.run(
        'DELETE FROM ephemeral_messages WHERE chat_pk = ? AND ephemeral_message_id = ?',
        chatPk,
        ephemeralMessageId,
      ).changes > 0
    );
  }
  async markEphemeralSeen(chatPk: number, ephemeralMessageId: number) {
    this.sql.run(
      'UPDATE ephemeral_messages SET seen = 1 WHERE chat_pk = ? AND ephemeral_message_id = ?',
      chatPk,
      ephemeralMessageId,
    );
  }
}
