/** Stored files, their references and attributes on SQLite (ports/files.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { type FileRefRow, type FileRow, type FilesReader, type FilesWriter } from '../../ports/files.js';

export class SqliteFiles implements FilesReader, FilesWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getFileByUniqueId(uniqueId: string) {
    return this.#sql.get('SELECT * FROM files WHERE unique_id = ?', uniqueId) as FileRow | undefined;
  }
  async getFileByPk(pk: number) {
    return this.#sql.get('SELECT * FROM files WHERE pk = ?', pk) as FileRow | undefined;
  }
  async getFileRef(fileId: string) {
    return this.#sql.get('SELECT * FROM file_refs WHERE file_id = ?', fileId) as FileRefRow | undefined;
  }
  async getFileRefByPath(botId: number, filePath: string) {
    return this.#sql.get('SELECT * FROM file_refs WHERE bot_id = ? AND file_path = ?', botId, filePath) as
      FileRefRow | undefined;
  }
  async getFileRefForBot(botId: number, filePk: number) {
    return this.#sql.get('SELECT * FROM file_refs WHERE bot_id = ? AND file_pk = ?', botId, filePk) as
      FileRefRow | undefined;
  }
  async getFileAttributes(filePk: number) {
    return this.#sql.get('SELECT data FROM file_attributes WHERE file_pk = ?', filePk)?.data as
      string | undefined;
  }
  async insertFile(row: Omit<FileRow, 'pk'>) {
    return Number(this.#sql.insert('files', row).lastInsertRowid);
  }
  async insertFileRef(row: FileRefRow) {
    this.#sql.insert('file_refs', row);
  }
  async setFileAttributes(filePk: number, data: string) {
    this.#sql.run(
      'INSERT INTO file_attributes (file_pk, data) VALUES (?, ?) ON CONFLICT (file_pk) DO UPDATE SET data = excluded.data',
      filePk,
      data,
    );
  }
}
