/**
 * Server settings (table `settings`): small named values that belong to the data location, such as
 * the virtual clock's offset and the key of file_ids.
 *
 * Contract: a setting is read and written whole; `addToSetting` is one atomic increment of a whole
 * number (two writers adding concurrently both count), answering the value it left.
 */

export interface SettingsReader {
  getSetting(key: string): Promise<string | undefined>;
}

export interface SettingsWriter {
  setSetting(key: string, value: string): Promise<void>;
  /** Adds `delta` to a whole-number setting (absent counts as 0) and answers the new value. */
  addToSetting(key: string, delta: number): Promise<number>;
}
