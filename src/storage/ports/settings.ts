/**
 * Server settings (table `settings`): small named values that belong to the data location, such as
 * the virtual clock's offset and the key of file_ids. A setting is read and written whole.
 */

export interface SettingsReader {
  getSetting(key: string): Promise<string | undefined>;
}

export interface SettingsWriter {
  setSetting(key: string, value: string): Promise<void>;
}
