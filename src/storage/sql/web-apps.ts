/**
 * Mini App queries', prepared messages' and buttons' and join-request queries' statements
 * (ports/web-apps.ts), one text for both adapters (ADR 0109).
 */
export const WEB_APPS_SQL = Object.freeze({
  getWebAppQuery: 'SELECT * FROM web_app_queries WHERE id = ?',
  getPreparedInlineMessage: 'SELECT * FROM prepared_inline_messages WHERE id = ?',
  getPreparedKeyboardButton: 'SELECT * FROM prepared_keyboard_buttons WHERE id = ?',
  getJoinRequestQuery: 'SELECT * FROM join_request_queries WHERE id = ?',
  findOpenJoinRequestQuery: `SELECT * FROM join_request_queries
    WHERE chat_pk = ? AND user_id = ? AND result IS NULL ORDER BY created_at DESC, id DESC LIMIT 1`,
  answerWebAppQuery: 'UPDATE web_app_queries SET answered_at = ? WHERE id = ? AND answered_at IS NULL',
  deleteWebAppQueriesBefore: 'DELETE FROM web_app_queries WHERE created_at < ?',
  deletePreparedInlineMessagesBefore: 'DELETE FROM prepared_inline_messages WHERE expires_at < ?',
  showJoinRequestWebApp: `UPDATE join_request_queries SET web_app_url = ?, deadline = ?
    WHERE id = ? AND result IS NULL`,
  closeJoinRequestQuery: `UPDATE join_request_queries SET result = ?
    WHERE id = ? AND result IS NULL AND deadline >= ?`,
} as const);
