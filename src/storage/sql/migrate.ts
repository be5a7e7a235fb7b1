/**
 * The migrations' record (sqlite/migrate.ts, postgres/migrate.ts): one text for both adapters
 * (ADR 0109). The record's table and the migrations themselves are each dialect's DDL.
 */
export const MIGRATE_SQL = Object.freeze({
  appliedVersions: 'SELECT version FROM schema_migrations',
  recordVersion: 'INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)',
} as const);
