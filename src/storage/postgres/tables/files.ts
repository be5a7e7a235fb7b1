/** Stored files, their references and attributes on PostgreSQL (ports/files.ts). */
import type { PgSql } from '../pg-sql.js';
import type { FileRefRow, FileRow, FilesReader, FilesWriter } from '../../ports/files.js';

export class PgFiles implements FilesReader, FilesWriter {
  constructor(private readonly sql: PgSql) {}

  async getFileByUniqueId(uniqueId: string) {
    return (await this.sql.get('SELECT * FROM files WHERE unique_id = ?', uniqueId)) as FileRow | undefined;
  }
  async getFileByPk(pk: number) {
    return (await this.sql.get('SELECT * FROM files WHERE pk = ?', pk)) as FileRow | undefined;
  }
  async getFileRef(fileId: string) {
    return (await this.sql.get('SELECT * FROM file_refs WHERE file_id = ?', fileId)) as
      FileRefRow | undefined;
  }
  async getFileRefByPath(botId: number, filePath: string) {
    return (await this.sql.get(
      'SELECT * FROM file_refs WHERE bot_id = ? AND file_path = ?',
      botId,
      filePath,
    )) as FileRefRow | undefined;
  }
  async getFileRefForBot(botId: number, filePk: number) {
    return (await this.sql.get('SELECT * FROM file_refs WHERE bot_id = ? AND file_pk = ?', botId, filePk)) as
      FileRefRow | undefined;
  }
  async getFileAttributes(filePk: number) {
    return (await this.sql.get('SELECT data FROM file_attributes WHERE file_pk = ?', filePk))?.data as
      string | undefined;
  }
  async getDerivedFiles(sourceKey: string, role: string) {
    const rows = (await this.sql.all(
      'SELECT file_pk FROM derived_files WHERE source_key = ? AND role = ? ORDER BY position',
      sourceKey,
      role,
    )) as Array<{ file_pk: number | string }>;
    return rows.map((row) => Number(row.file_pk));
  }
  async getDerivedSource(filePk: number, role: string) {
    return (
      await this.sql.get(
        'SELECT source_key FROM derived_files WHERE file_pk = ? AND role = ? ORDER BY source_key LIMIT 1',
        filePk,
        role,
      )
    )?.source_key as string | undefined;
  }
  async insertFile(row: Omit<FileRow, 'pk'>) {
    return (await this.sql.insert('files', row, 'pk'))!;
  }
  async insertFileRef(row: FileRefRow) {
    await this.sql.insert('file_refs', row);
  }
  async setFileAttributes(filePk: number, data: string) {
    await this.sql.run(
      'INSERT INTO file_attributes (file_pk, data) VALUES (?, ?) ON CONFLICT (file_pk) DO UPDATE SET data = excluded.data',
      filePk,
      data,
    );
  }
  async setDerivedFiles(sourceKey: string, role: string, filePks: number[]) {
    await this.sql.run('DELETE FROM derived_files WHERE source_key = ? AND role = ?', sourceKey, role);
    for (const [position, filePk] of filePks.entries()) {
      await this.sql.run(
        'INSERT INTO derived_files (source_key, role, position, file_pk) VALUES (?, ?, ?, ?) ' +
          'ON CONFLICT (source_key, role, position) DO UPDATE SET file_pk = excluded.file_pk',
        sourceKey,
        role,
        position,
        filePk,
      );
    }
  }
}
