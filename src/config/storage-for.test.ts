import { describe, expect, it } from 'vitest';
import { ConfigError, storageFor } from './config.js';

/** The message of the ConfigError that `storageFor(data)` throws. */
function refusal(data: string): string {
  try {
    storageFor(data);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`${data} was taken`);
}

describe('storageFor: data locations that look like a database URL', () => {
  it('refuses an unknown scheme, naming the PostgreSQL form', () => {
    expect(refusal('mysql://me@localhost/parley')).toBe(
      'unknown data location scheme "mysql://": use a directory path, :memory:, or postgres://user@host/db for PostgreSQL',
    );
  });

  it.each([
    'postgres//me@db.example/parley',
    'postgresql//me@db.example/parley',
    'POSTGRES//db.example/parley',
    'postgres:/me@db.example/parley',
    'postgres:me@db.example/parley',
  ])('refuses %s (no "://") instead of starting on SQLite in a folder of that name', (data) => {
    expect(refusal(data)).toBe(
      'the data location looks like a PostgreSQL URL without its "://": write postgres://user@host/db',
    );
  });

  it('does not show a password typed into such a location', () => {
    expect(refusal('postgres//me:hush-hush@db.example/parley')).not.toContain('hush-hush');
  });

  it('still takes folders whose names begin with postgres, and PostgreSQL URLs', () => {
    expect(storageFor('postgres/data')).toMatchObject({ kind: 'sqlite' });
    expect(storageFor('./postgres')).toMatchObject({ kind: 'sqlite' });
    expect(storageFor('postgres-data')).toMatchObject({ kind: 'sqlite' });
    expect(storageFor('postgresql://me@db.example/parley')).toMatchObject({ kind: 'postgres' });
  });
});
