import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeContract } from '../store.contract.js';
import { gatewayStoreContract } from '../gateway-store.contract.js';
import { SqliteStore } from './sqlite-store.js';

storeContract('sqlite :memory:', async () => SqliteStore.open(':memory:'));
gatewayStoreContract('sqlite :memory:', async () => SqliteStore.open(':memory:'));

describe('SqliteStore on disk', () => {
  it('keeps what was committed across a reopen', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-store-'));
    try {
      const file = path.join(dir, 'db.sqlite');
      const first = SqliteStore.open(file);
      await first.write(async (tx) => tx.setSetting('k', 'v'));
      await first.close();
      const second = SqliteStore.open(file);
      expect(await second.getSetting('k')).toBe('v');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
