/**
 * Stored files (tables `files`, `file_refs`, `file_attributes`). The bytes live on disk under the
 * data location's files/ folder; a row names them. file_ids are derived per viewer (ADR 0040).
 *
 * Contract:
 * - A file is stored once per content: `unique_id` is unique; a second `insertFile` of the same
 *   unique_id fails with UniqueViolation and the caller reads the first.
 * - Rows are never updated in place except a file's attributes (its latest upload's).
 */

export interface FileRow {
  pk: number;
  unique_id: string;
  kind: string;
  size: number;
  mime_type: string | null;
  file_name: string | null;
  /** Path relative to the data location's files/ folder. */
  storage_path: string;
  width: number | null;
  height: number | null;
  sha256: string;
  created_at: number;
}

export interface FileRefRow {
  file_id: string;
  file_pk: number;
  bot_id: number;
  /** The bot-visible path, e.g. `photos/file_3.jpg`. */
  file_path: string;
}

export interface FilesReader {
  getFileByUniqueId(uniqueId: string): Promise<FileRow | undefined>;
  getFileByPk(pk: number): Promise<FileRow | undefined>;
  getFileRef(fileId: string): Promise<FileRefRow | undefined>;
  getFileRefByPath(botId: number, filePath: string): Promise<FileRefRow | undefined>;
  getFileRefForBot(botId: number, filePk: number): Promise<FileRefRow | undefined>;
  /** JSON of a media file's attributes as its latest uploader gave them. */
  getFileAttributes(filePk: number): Promise<string | undefined>;
}

export interface FilesWriter {
  insertFile(row: Omit<FileRow, 'pk'>): Promise<number>;
  insertFileRef(row: FileRefRow): Promise<void>;
  /** Sets a media file's attributes (those of its latest upload), replacing earlier ones. */
  setFileAttributes(filePk: number, data: string): Promise<void>;
}
