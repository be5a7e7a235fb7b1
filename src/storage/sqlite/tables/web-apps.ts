/** Mini App queries, prepared messages and buttons, join-request queries on SQLite (ports/web-apps.ts). */
import type { SqlStatements } from '../sql-statements.js';
import type {
  JoinRequestQueryRow,
  PreparedInlineMessageRow,
  PreparedKeyboardButtonRow,
  WebAppQueryRow,
  WebAppsReader,
  WebAppsWriter,
} from '../../ports/web-apps.js';

export class SqliteWebApps implements WebAppsReader, WebAppsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getWebAppQuery(id: string) {
    return this.#sql.get('SELECT * FROM web_app_queries WHERE id = ?', id) as WebAppQueryRow | undefined;
  }
  async getPreparedInlineMessage(id: string) {
    return this.#sql.get('SELECT * FROM prepared_inline_messages WHERE id = ?', id) as
      PreparedInlineMessageRow | undefined;
  }
  async getPreparedKeyboardButton(id: string) {
    return this.#sql.get('SELECT * FROM prepared_keyboard_buttons WHERE id = ?', id) as
      PreparedKeyboardButtonRow | undefined;
  }
  async getJoinRequestQuery(id: string) {
    return this.#sql.get('SELECT * FROM join_request_queries WHERE id = ?', id) as
      JoinRequestQueryRow | undefined;
  }
  async findOpenJoinRequestQuery(chatPk: number, userId: number) {
    return this.#sql.get(
      `SELECT * FROM join_request_queries WHERE chat_pk = ? AND user_id = ? AND result IS NULL
       ORDER BY created_at DESC, id DESC LIMIT 1`,
      chatPk,
      userId,
    ) as JoinRequestQueryRow | undefined;
  }
  async insertWebAppQuery(row: WebAppQueryRow) {
    this.#sql.insert('web_app_queries', row);
  }
  async answerWebAppQuery(id: string, answeredAt: number) {
    const sql = 'UPDATE web_app_queries SET answered_at = ? WHERE id = ? AND answered_at IS NULL';
    return this.#sql.run(sql, answeredAt, id).changes === 1;
  }
  async deleteWebAppQueriesBefore(beforeSec: number) {
    return this.#sql.run('DELETE FROM web_app_queries WHERE created_at < ?', beforeSec).changes;
  }
  async insertPreparedInlineMessage(row: PreparedInlineMessageRow) {
    this.#sql.insert('prepared_inline_messages', row);
  }
  async deletePreparedInlineMessagesBefore(beforeSec: number) {
    return this.#sql.run('DELETE FROM prepared_inline_messages WHERE expires_at < ?', beforeSec).changes;
  }
  async insertPreparedKeyboardButton(row: PreparedKeyboardButtonRow) {
    this.#sql.insert('prepared_keyboard_buttons', row);
  }
  async insertJoinRequestQuery(row: JoinRequestQueryRow) {
    this.#sql.insert('join_request_queries', row);
  }
  async showJoinRequestWebApp(id: string, webAppUrl: string, deadline: number) {
    const sql = `UPDATE join_request_queries SET web_app_url = ?, deadline = ?
                 WHERE id = ? AND result IS NULL`;
    return this.#sql.run(sql, webAppUrl, deadline, id).changes === 1;
  }
  async closeJoinRequestQuery(id: string, result: string, nowSec: number) {
    const sql = `UPDATE join_request_queries SET result = ?
                 WHERE id = ? AND result IS NULL AND deadline >= ?`;
    return this.#sql.run(sql, result, id, nowSec).changes === 1;
  }
}
