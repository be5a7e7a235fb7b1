/** Stored files, their references and attributes on PostgreSQL (ports/files.ts). */
import type { PgSql } from '../pg-sql.js';
import { FILES_SQL as SQL } from '../../sql/files.js';
import type { FileRefRow, FileRow, FilesReader, FilesWriter } from '../../ports/files.js';

export class PgFiles implements FilesReader, FilesWriter {
  constructor(private readonly sql: PgSql) {}

  async getFileByUniqueId(uniqueId: string) {
    return (await this.sql.get(SQL.getFileByUniqueId, uniqueId)) as FileRow | undefined;
  }
  async getFileByPk(pk: number) {
    return (await this.sql.get(SQL.getFileByPk, pk)) as FileRow | undefined;
  }
  async getFileRef(fileId: string) {
    return (await this.sql.get(SQL.getFileRef, fileId)) as FileRefRow | undefined;
  }
  async getFileRefByPath(botId: number, filePath: string) {
    return (await this.sql.get(SQL.getFileRefByPath, botId, filePath)) as FileRefRow | undefined;
  }
  async getFileRefForBot(botId: number, filePk: number) {
    return (await this.sql.get(SQL.getFileRefForBot, botId, filePk)) as FileRefRow | undefined;
  }
  async getFileAttributes(filePk: number) {
    return (await this.sql.get(SQL.getFileAttributes, filePk))?.data as string | undefined;
  }
  async getDerivedFiles(sourceKey: string, role: string) {
    const rows = (await this.sql.all(SQL.getDerivedFiles, sourceKey, role)) as Array<{
      file_pk: number | string;
    }>;
    return rows.map((row) => Number(row.file_pk));
  }
  async getDerivedSource(filePk: number, role: string) {
    return (await this.sql.get(SQL.getDerivedSource, filePk, role))?.source_key as string | undefined;
  }
  async insertFile(row: Omit<FileRow, 'pk'>) {
    return (await this.sql.insert('files', row, 'pk'))!;
  }
  async insertFileRef(row: FileRefRow) {
    await this.sql.insert('file_refs', row);
  }
  async setFileAttributes(filePk: number, data: string) {
    await this.sql.run(SQL.setFileAttributes, filePk, data);
  }
  async setDerivedFiles(sourceKey: string, role: string, filePks: number[]) {
    await this.sql.run(SQL.deleteDerivedFiles, sourceKey, role);
    for (const [position, filePk] of filePks.entries()) {
      await this.sql.run(SQL.setDerivedFile, sourceKey, role, position, filePk);
    }
  }
}
