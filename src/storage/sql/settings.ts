/** Server settings (ports/settings.ts): one text for both adapters (ADR 0109). */
export const SETTINGS_SQL = Object.freeze({
  getSetting: 'SELECT value FROM settings WHERE key = ?',
  setSetting:
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  /**
   * The value is text: SQLite's column takes the sum (an integer) as text by its affinity and is
   * bound the delta as a number; PostgreSQL casts the sum back to text and is bound the delta as text.
   */
  addToSetting: {
    sqlite: `INSERT INTO settings (key, value) VALUES (?, ?)
      ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + CAST(excluded.value AS INTEGER)
      RETURNING value`,
    postgres: `INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE
      SET value = (CAST(settings.value AS BIGINT) + CAST(excluded.value AS BIGINT))::text RETURNING value`,
  },
} as const);
