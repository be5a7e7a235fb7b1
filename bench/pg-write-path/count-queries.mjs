/**
 * Preloaded into a Parley node by bench/pg-write-path/run.ts (`--import`): counts the statements the
 * node sends to PostgreSQL, by text, and on SIGUSR2 writes what it counted since the last signal to
 * `PGW_COUNT_FILE` (then starts again from zero). A write connection's statements (pg's pipeline
 * mode) are marked "W", the pool's "P". Nothing else changes: the statements go out as before.
 */
import { renameSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import pg from 'pg';

const counts = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(config, values, callback) {
  const text = typeof config === 'string' ? config : (config?.text ?? '?');
  const key = `${this.pipeline ? 'W' : 'P'} ${text.replace(/\s+/g, ' ').slice(0, 140)}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return query.call(this, config, values, callback);
};

process.on('SIGUSR2', () => {
  const file = process.env.PGW_COUNT_FILE;
  if (file) {
    // Written whole, then renamed: the bench reads the file as soon as it exists.
    writeFileSync(`${file}.partial`, JSON.stringify(Object.fromEntries(counts)));
    renameSync(`${file}.partial`, file);
  }
  counts.clear();
});
