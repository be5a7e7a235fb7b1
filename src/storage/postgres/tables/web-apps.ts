/** Mini App queries, prepared messages and buttons, join-request queries on PostgreSQL (ports/web-apps.ts). */
import type { PgSql } from '../pg-sql.js';
import { WEB_APPS_SQL as SQL } from '../../sql/web-apps.js';
import type {
  JoinRequestQueryRow,
  PreparedInlineMessageRow,
  PreparedKeyboardButtonRow,
  WebAppQueryRow,
  WebAppsReader,
  WebAppsWriter,
} from '../../ports/web-apps.js';

export class PgWebApps implements WebAppsReader, WebAppsWriter {
  constructor(private readonly sql: PgSql) {}

  async getWebAppQuery(id: string) {
    return (await this.sql.get(SQL.getWebAppQuery, id)) as WebAppQueryRow | undefined;
  }
  async getPreparedInlineMessage(id: string) {
    return (await this.sql.get(SQL.getPreparedInlineMessage, id)) as PreparedInlineMessageRow | undefined;
  }
  async getPreparedKeyboardButton(id: string) {
    return (await this.sql.get(SQL.getPreparedKeyboardButton, id)) as PreparedKeyboardButtonRow | undefined;
  }
  async getJoinRequestQuery(id: string) {
    return (await this.sql.get(SQL.getJoinRequestQuery, id)) as JoinRequestQueryRow | undefined;
  }
  async findOpenJoinRequestQuery(chatPk: number, userId: number) {
    return (await this.sql.get(SQL.findOpenJoinRequestQuery, chatPk, userId)) as
      JoinRequestQueryRow | undefined;
  }
  async insertWebAppQuery(row: WebAppQueryRow) {
    await this.sql.insert('web_app_queries', row);
  }
  async answerWebAppQuery(id: string, answeredAt: number) {
    return (await this.sql.run(SQL.answerWebAppQuery, answeredAt, id)) === 1;
  }
  async deleteWebAppQueriesBefore(beforeSec: number) {
    return this.sql.run(SQL.deleteWebAppQueriesBefore, beforeSec);
  }
  async insertPreparedInlineMessage(row: PreparedInlineMessageRow) {
    await this.sql.insert('prepared_inline_messages', row);
  }
  async deletePreparedInlineMessagesBefore(beforeSec: number) {
    return this.sql.run(SQL.deletePreparedInlineMessagesBefore, beforeSec);
  }
  async insertPreparedKeyboardButton(row: PreparedKeyboardButtonRow) {
    await this.sql.insert('prepared_keyboard_buttons', row);
  }
  async insertJoinRequestQuery(row: JoinRequestQueryRow) {
    await this.sql.insert('join_request_queries', row);
  }
  async showJoinRequestWebApp(id: string, webAppUrl: string, deadline: number) {
    return (await this.sql.run(SQL.showJoinRequestWebApp, webAppUrl, deadline, id)) === 1;
  }
  async closeJoinRequestQuery(id: string, result: string, nowSec: number) {
    return (await this.sql.run(SQL.closeJoinRequestQuery, result, id, nowSec)) === 1;
  }
}
