/**
 * Ephemeral messages on PostgreSQL (ports/ephemeral.ts, ADR 0076). Two writes that take the same
 * free id conflict on the unique key or under SERIALIZABLE, and the adapter runs one again.
 */
import type { PgSql } from '../pg-sql.js';
import { EPHEMERAL_SQL as SQL } from '../../sql/ephemeral.js';
import type {
  EphemeralMessageRow,
  EphemeralReader,
  EphemeralWriter,
  NewEphemeralMessage,
} from '../../ports/ephemeral.js';

export class PgEphemeral implements EphemeralReader, EphemeralWriter {
  constructor(private readonly sql: PgSql) {}

  async getEphemeralMessage(chatPk: number, ephemeralMessageId: number) {
    return (await this.sql.get(SQL.getEphemeralMessage, chatPk, ephemeralMessageId)) as
      EphemeralMessageRow | undefined;
  }
  async listEphemeralMessages(chatPk: number, userId: number) {
    return (await this.sql.all(
      SQL.listEphemeralMessages,
      chatPk,
      userId,
      userId,
    )) as unknown as EphemeralMessageRow[];
  }
  async nextUnseenEphemeralMessage(chatPk: number, receiverId: number) {
    return (await this.sql.get(SQL.nextUnseenEphemeralMessage, chatPk, receiverId)) as
      EphemeralMessageRow | undefined;
  }
  async insertEphemeralMessage(row: NewEphemeralMessage) {
    return (await this.sql.get(
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
    )) as unknown as EphemeralMessageRow;
  }
  async updateEphemeralMessage(chatPk: number, ephemeralMessageId: number, body: string, editDate: number) {
    const changed = await this.sql.run(
      SQL.updateEphemeralMessage,
      body,
      editDate,
      chatPk,
      ephemeralMessageId,
    );
    return changed > 0;
  }
  async deleteEphemeralMessage(chatPk: number, ephemeralMessageId: number) {
    const changed = await this.sql.run(SQL.deleteEphemeralMessage, chatPk, ephemeralMessageId);
    return changed > 0;
  }
  async markEphemeralSeen(chatPk: number, ephemeralMessageId: number) {
    await this.sql.run(SQL.markEphemeralSeen, chatPk, ephemeralMessageId);
  }
}
