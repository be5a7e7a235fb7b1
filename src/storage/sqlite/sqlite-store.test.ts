import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { buildSchemaTemplate } from './schema-template.js';
import { SqliteStore } from './sqlite-store.js';

// The port's contract suites run against this adapter from storage-contracts.test.ts.

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

  it('never hands out a message_id twice in a chat, across a restart and after a rollback', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-store-'));
    try {
      const file = path.join(dir, 'db.sqlite');
      const chat = {
        id: null,
        type: 'private' as const,
        title: null,
        username: null,
        description: null,
        user_a: 1,
        user_b: 2,
        last_message_id: 0,
        created_at: 1,
      };
      const first = SqliteStore.open(file);
      const pk = await first.write(async (tx) => tx.insertChat(chat));
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await first.write(async (tx) => tx.nextMessageId(pk)));
      // A write that takes an id and fails: that id may be handed out again, nothing else may.
      await first
        .write(async (tx) => {
          await tx.nextMessageId(pk);
          throw new Error('boom');
        })
        .catch(() => {});
      ids.push(await first.write(async (tx) => tx.nextMessageId(pk)));
      await first.close();
      const second = SqliteStore.open(file);
      for (let i = 0; i < 3; i++) ids.push(await second.write(async (tx) => tx.nextMessageId(pk)));
      await second.close();
      expect(ids.slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
      for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]!);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SqliteStore from the schema template (ADR 0094)', () => {
  it('starts a new file as the template, owner-only, with a key of its own, and reopens it as it is', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-store-'));
    try {
      const template = buildSchemaTemplate();
      const file = path.join(dir, 'db.sqlite');
      const first = SqliteStore.open(file, { template });
      const second = SqliteStore.open(':memory:', { template });
      const key = await first.getSetting('files.id_key');
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(await second.getSetting('files.id_key')).not.toBe(key);
      const copied = new Database(template);
      expect(copied.prepare("SELECT value FROM settings WHERE key = 'files.id_key'").pluck().get()).not.toBe(
        key,
      );
      const migrations = copied.prepare('SELECT count(*) FROM schema_migrations').pluck().get();
      copied.close();
      expect(statSync(file).mode & 0o777).toBe(0o600);
      await first.write(async (tx) => tx.setSetting('k', 'v'));
      await first.close();
      await second.close();
      // An existing file is never overwritten by the template.
      const reopened = SqliteStore.open(file, { template });
      expect(await reopened.getSetting('k')).toBe('v');
      expect(await reopened.getSetting('files.id_key')).toBe(key);
      await reopened.close();
      const db = new Database(file, { readonly: true });
      expect(db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(migrations);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
