/** Mini App queries, prepared messages and buttons, join-request queries on SQLite (ports/web-apps.ts). */
import type { SqlStatements } from '../sql-statements.js';
import { WEB_APPS_SQL as SQL } from '../../sql/web-apps.js';
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
    return this.#sql.get(SQL.getWebAppQuery, id) as WebAppQueryRow | undefined;
  }
  async getPreparedInlineMessage(id: string) {
    return this.#sql.get(SQL.getPreparedInlineMessage, id) as PreparedInlineMessageRow | undefined;
  }
  async getPreparedKeyboardButton(id: string) {
    return this.#sql.get(SQL.getPreparedKeyboardButton, id) as PreparedKeyboardButtonRow | undefined;
  }
  async getJoinRequestQuery(id: string) {
    return this.#sql.get(SQL.getJoinRequestQuery, id) as JoinRequestQueryRow | undefined;
  }
  async findOpenJoinRequestQuery(chatPk: number, userId: number) {
    return this.#sql.get(SQL.findOpenJoinRequestQuery, chatPk, userId) as JoinRequestQueryRow | undefined;
  }
  async insertWebAppQuery(row: WebAppQueryRow) {
    this.#sql.insert('web_app_queries', row);
  }
  async answerWebAppQuery(id: string, answeredAt: number) {
    return this.#sql.run(SQL.answerWebAppQuery, answeredAt, id).changes === 1;
  }
  async deleteWebAppQueriesBefore(beforeSec: number) {
    return this.#sql.run(SQL.deleteWebAppQueriesBefore, beforeSec).changes;
  }
  async insertPreparedInlineMessage(row: PreparedInlineMessageRow) {
    this.#sql.insert('prepared_inline_messages', row);
  }
  async deletePreparedInlineMessagesBefore(beforeSec: number) {
    return this.#sql.run(SQL.deletePreparedInlineMessagesBefore, beforeSec).changes;
  }
  async insertPreparedKeyboardButton(row: PreparedKeyboardButtonRow) {
    this.#sql.insert('prepared_keyboard_buttons', row);
  }
  async insertJoinRequestQuery(row: JoinRequestQueryRow) {
    this.#sql.insert('join_request_queries', row);
  }
  async showJoinRequestWebApp(id: string, webAppUrl: string, deadline: number) {
    return this.#sql.run(SQL.showJoinRequestWebApp, webAppUrl, deadline, id).changes === 1;
  }
  async closeJoinRequestQuery(id: string, result: string, nowSec: number) {
    return this.#sql.run(SQL.closeJoinRequestQuery, result, id, nowSec).changes === 1;
  }
}
