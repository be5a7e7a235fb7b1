/**
 * Stored files (tables `files`, `file_refs`, `file_attributes`, `derived_files`). The bytes live on disk under the
 * data location's files/ folder; a row names them. file_ids are derived per viewer (ADR 0040).
 *
 * Contract:
 * - A file is stored once per content: `unique_id` is unique; a second `insertFile` of the same
 *   unique_id fails with UniqueViolation and the caller reads the first.
 * - Rows are never updated in place except a file's attributes (its latest upload's).
 * - Derived files (ADR 0086): a source key (an uploaded original's SHA-256, a game's key) and a
 *   role name an ordered set of file pks, made once. `setDerivedFiles` replaces the whole set of
 *   that key and role; two processes deriving the same set at once write the same pks (content
 *   addressing), so the last write is as good as the first.
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
  /** The file pks derived from `sourceKey` as `role`, in their order; [] when none were made. */
  getDerivedFiles(sourceKey: string, role: string): Promise<number[]>;
  /** A source key under which the file is one of the files derived as `role`, if any. */
  getDerivedSource(filePk: number, role: string): Promise<string | undefined>;
}

export interface FilesWriter {
  insertFile(row: Omit<FileRow, 'pk'>): Promise<number>;
  insertFileRef(row: FileRefRow): Promise<void>;
  /** Sets a media file's attributes (those of its latest upload), replacing earlier ones. */
  setFileAttributes(filePk: number, data: string): Promise<void>;
  /** Records the files derived from `sourceKey` as `role`, in order, replacing an earlier set. */
  setDerivedFiles(sourceKey: string, role: string, filePks: number[]): Promise<void>;
}
