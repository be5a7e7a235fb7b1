/** Stored files, their references and attributes on SQLite (ports/files.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { FILES_SQL as SQL } from '../../sql/files.js';
import { type FileRefRow, type FileRow, type FilesReader, type FilesWriter } from '../../ports/files.js';

export class SqliteFiles implements FilesReader, FilesWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getFileByUniqueId(uniqueId: string) {
    return this.#sql.get(SQL.getFileByUniqueId, uniqueId) as FileRow | undefined;
  }
  async getFileByPk(pk: number) {
    return this.#sql.get(SQL.getFileByPk, pk) as FileRow | undefined;
  }
  async getFileRef(fileId: string) {
    return this.#sql.get(SQL.getFileRef, fileId) as FileRefRow | undefined;
  }
  async getFileRefByPath(botId: number, filePath: string) {
    return this.#sql.get(SQL.getFileRefByPath, botId, filePath) as FileRefRow | undefined;
  }
  async getFileRefForBot(botId: number, filePk: number) {
    return this.#sql.get(SQL.getFileRefForBot, botId, filePk) as FileRefRow | undefined;
  }
  async getFileAttributes(filePk: number) {
    return this.#sql.get(SQL.getFileAttributes, filePk)?.data as string | undefined;
  }
  async getDerivedFiles(sourceKey: string, role: string) {
    const rows = this.#sql.all(SQL.getDerivedFiles, sourceKey, role) as Array<{ file_pk: number | string }>;
    return rows.map((row) => Number(row.file_pk));
  }
  async getDerivedSource(filePk: number, role: string) {
    return this.#sql.get(SQL.getDerivedSource, filePk, role)?.source_key as string | undefined;
  }
  async insertFile(row: Omit<FileRow, 'pk'>) {
    return Number(this.#sql.insert('files', row).lastInsertRowid);
  }
  async insertFileRef(row: FileRefRow) {
    this.#sql.insert('file_refs', row);
  }
  async setFileAttributes(filePk: number, data: string) {
    this.#sql.run(SQL.setFileAttributes, filePk, data);
  }
  async setDerivedFiles(sourceKey: string, role: string, filePks: number[]) {
    this.#sql.run(SQL.deleteDerivedFiles, sourceKey, role);
    for (const [position, filePk] of filePks.entries()) {
      this.#sql.run(SQL.setDerivedFile, sourceKey, role, position, filePk);
    }
  }
}
