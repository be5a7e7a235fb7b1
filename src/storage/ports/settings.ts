/**
 * Server settings (table `settings`): small named values that belong to the data location, such as
 * the virtual clock's offset and the key of file_ids.
 *
 * Contract: a setting is read and written whole; `addToSetting` is one atomic increment of a whole
 * number (two writers adding concurrently both count), answering the value it left.
 *
 * Write guards (`guardWrite`, ADR 0129): a write whose decision rests on rows that another write may
 * change at the same time, with no row both change (a message's distinct reactions, a person's
 * boosts), names what it decides on. Two writes that name the same key at once never both commit
 * on what the other did not see: one of them runs again, after the other, and decides on its rows.
 * An adapter with one writer at a time (SQLite) has nothing to do; PostgreSQL writes a common row,
 * which snapshot isolation needs (under SERIALIZABLE the reads themselves are watched).
 */

export interface SettingsReader {
  getSetting(key: string): Promise<string | undefined>;
}

export interface SettingsWriter {
  setSetting(key: string, value: string): Promise<void>;
  /** Adds `delta` to a whole-number setting (absent counts as 0) and answers the new value. */
  addToSetting(key: string, delta: number): Promise<number>;
  /** Guards a decision on `key`'s rows against a write deciding on them at once (above). */
  guardWrite(key: string): Promise<void>;
}
