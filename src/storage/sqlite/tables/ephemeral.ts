/** Ephemeral messages on SQLite (ports/ephemeral.ts, ADR 0076). */
import { type SqlStatements } from '../sql-statements.js';
import { EPHEMERAL_SQL as SQL } from '../../sql/ephemeral.js';
import type {
  EphemeralMessageRow,
  EphemeralReader,
  EphemeralWriter,
  NewEphemeralMessage,
} from '../../ports/ephemeral.js';

const rowOf = (row: Record<string, unknown> | undefined): EphemeralMessageRow | undefined =>
  row && ({ ...row, seen: row.seen === 1 } as unknown as EphemeralMessageRow);

export class SqliteEphemeral implements EphemeralReader, EphemeralWriter {
  constructor(private readonly sql: SqlStatements) {}

  async getEphemeralMessage(chatPk: number, ephemeralMessageId: number) {
    return rowOf(this.sql.get(SQL.getEphemeralMessage, chatPk, ephemeralMessageId));
  }
  async listEphemeralMessages(chatPk: number, userId: number) {
    return this.sql.all(SQL.listEphemeralMessages, chatPk, userId, userId).map((row) => rowOf(row)!);
  }
  async nextUnseenEphemeralMessage(chatPk: number, receiverId: number) {
    return rowOf(this.sql.get(SQL.nextUnseenEphemeralMessage, chatPk, receiverId));
  }
  async insertEphemeralMessage(row: NewEphemeralMessage) {
    const inserted = this.sql.get(
      SQL.insertEphemeralMessage,
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
    return this.sql.run(SQL.updateEphemeralMessage, body, editDate, chatPk, ephemeralMessageId).changes > 0;
  }
  async deleteEphemeralMessage(chatPk: number, ephemeralMessageId: number) {
    return this.sql.run(SQL.deleteEphemeralMessage, chatPk, ephemeralMessageId).changes > 0;
  }
  async markEphemeralSeen(chatPk: number, ephemeralMessageId: number) {
    this.sql.run(SQL.markEphemeralSeen, chatPk, ephemeralMessageId);
  }
}
