/** The statements of what a world file reads (ports/world-views.ts), one text for both adapters (ADR 0109). */
export const WORLD_VIEWS_SQL = Object.freeze({
  listChatsAfter: 'SELECT * FROM chats WHERE pk > ? ORDER BY pk LIMIT ?',
  listSettingsWithPrefix: 'SELECT key, value FROM settings WHERE substr(key, 1, ?) = ?',
} as const);
