/**
 * Stored files', their references' and attributes' statements (ports/files.ts), one text for both
 * adapters (ADR 0109).
 */
export const FILES_SQL = Object.freeze({
  getFileByUniqueId: 'SELECT * FROM files WHERE unique_id = ?',
  getFileByPk: 'SELECT * FROM files WHERE pk = ?',
  getFileRef: 'SELECT * FROM file_refs WHERE file_id = ?',
  getFileRefByPath: 'SELECT * FROM file_refs WHERE bot_id = ? AND file_path = ?',
  getFileRefForBot: 'SELECT * FROM file_refs WHERE bot_id = ? AND file_pk = ?',
  getFileAttributes: 'SELECT data FROM file_attributes WHERE file_pk = ?',
  getDerivedFiles: 'SELECT file_pk FROM derived_files WHERE source_key = ? AND role = ? ORDER BY position',
  getDerivedSource:
    'SELECT source_key FROM derived_files WHERE file_pk = ? AND role = ? ORDER BY source_key LIMIT 1',
  setFileAttributes: `INSERT INTO file_attributes (file_pk, data) VALUES (?, ?)
    ON CONFLICT (file_pk) DO UPDATE SET data = excluded.data`,
  /** setDerivedFiles: the old list goes, then one row per position. */
  deleteDerivedFiles: 'DELETE FROM derived_files WHERE source_key = ? AND role = ?',
  setDerivedFile: `INSERT INTO derived_files (source_key, role, position, file_pk) VALUES (?, ?, ?, ?)
    ON CONFLICT (source_key, role, position) DO UPDATE SET file_pk = excluded.file_pk`,
} as const);
