/**
 * Mini Apps (tables `web_app_queries`, `prepared_inline_messages`, `prepared_keyboard_buttons`,
 * `join_request_queries`; src/platform/web-apps/, ADR 0047).
 *
 * Contract:
 * - `answerWebAppQuery` records an answer once: of two concurrent answers exactly one returns true.
 * - `closeJoinRequestQuery` records a result once, and only while the query's deadline is not past
 *   the given time: of two concurrent results exactly one returns true.
 * - `findOpenJoinRequestQuery` finds the newest query of (chat, user) without a result.
 */

/** A Mini App a person opened from an inline button or a menu button: it may answer once. */
export interface WebAppQueryRow {
  id: string;
  bot_id: number;
  user_id: number;
  /** The private chat of the person with the bot, where the answer's message goes. */
  chat_pk: number;
  created_at: number;
  answered_at: number | null;
}

/** savePreparedInlineMessage: a result one person may send from the bot's Mini App. */
export interface PreparedInlineMessageRow {
  id: string;
  bot_id: number;
  user_id: number;
  /** JSON of the parsed result (the platform's StoredResult). */
  result: string;
  /** Comma-separated kinds of chat it may go to: users, bots, groups, channels. */
  allowed_chats: string;
  expires_at: number;
}

/** savePreparedKeyboardButton: a request_users / request_chat / request_managed_bot button. */
export interface PreparedKeyboardButtonRow {
  id: string;
  bot_id: number;
  user_id: number;
  /** JSON of the KeyboardButton. */
  button: string;
  created_at: number;
}

/** A join request given to the chat's join-request bot (ChatJoinRequest.query_id). */
export interface JoinRequestQueryRow {
  id: string;
  chat_pk: number;
  user_id: number;
  bot_id: number;
  created_at: number;
  /** Unix seconds after which the query can no longer be answered. */
  deadline: number;
  /** Set by sendChatJoinRequestWebApp: the Mini App the person is shown. */
  web_app_url: string | null;
  /** approve, decline or queue, once answered. */
  result: string | null;
}

export interface WebAppsReader {
  getWebAppQuery(id: string): Promise<WebAppQueryRow | undefined>;
  getPreparedInlineMessage(id: string): Promise<PreparedInlineMessageRow | undefined>;
  getPreparedKeyboardButton(id: string): Promise<PreparedKeyboardButtonRow | undefined>;
  getJoinRequestQuery(id: string): Promise<JoinRequestQueryRow | undefined>;
  /** The newest query of this requester in this chat that has no result yet. */
  findOpenJoinRequestQuery(chatPk: number, userId: number): Promise<JoinRequestQueryRow | undefined>;
}

export interface WebAppsWriter {
  insertWebAppQuery(row: WebAppQueryRow): Promise<void>;
  /** Marks the query answered unless it was already; returns whether it was marked. */
  answerWebAppQuery(id: string, answeredAt: number): Promise<boolean>;
  /** Deletes Mini App queries created before `beforeSec`; returns how many. */
  deleteWebAppQueriesBefore(beforeSec: number): Promise<number>;
  insertPreparedInlineMessage(row: PreparedInlineMessageRow): Promise<void>;
  /** Deletes prepared messages that expired before `beforeSec`; returns how many. */
  deletePreparedInlineMessagesBefore(beforeSec: number): Promise<number>;
  insertPreparedKeyboardButton(row: PreparedKeyboardButtonRow): Promise<void>;
  insertJoinRequestQuery(row: JoinRequestQueryRow): Promise<void>;
  /** sendChatJoinRequestWebApp: the Mini App's URL and a new deadline, for an open query. */
  showJoinRequestWebApp(id: string, webAppUrl: string, deadline: number): Promise<boolean>;
  /** Records the result of an open query whose deadline is not before `nowSec`; returns whether. */
  closeJoinRequestQuery(id: string, result: string, nowSec: number): Promise<boolean>;
}
