import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('PARLEY_PG_WRITERS', () => {
  const pg = { PARLEY_DATA: 'postgres://parley@127.0.0.1/parley' };

  it('sets the write connections of a PostgreSQL store, and leaves the default when unset', () => {
    expect(loadConfig({}, { ...pg, PARLEY_PG_WRITERS: '8' }).storage).toMatchObject({ writers: 8 });
    expect(loadConfig({}, pg).storage).not.toHaveProperty('writers');
    expect(loadConfig({}, { PARLEY_DATA: ':memory:', PARLEY_PG_WRITERS: '8' }).storage).toEqual({
      kind: 'sqlite-memory',
    });
  });

  it('refuses what is not a count from 1 to 32', () => {
    for (const text of ['0', '33', '2.5', 'four', '-1'])
      expect(() => loadConfig({}, { ...pg, PARLEY_PG_WRITERS: text })).toThrow(/PARLEY_PG_WRITERS/);
  });
});
