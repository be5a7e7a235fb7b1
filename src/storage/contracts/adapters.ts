/**
 * The adapters the storage contract suites run against, chosen in this one place. Every adapter
 * here runs every suite of contracts/ (../storage-contracts.test.ts). `PARLEY_STORAGE_ADAPTERS` (a
 * comma-separated list of names) narrows the list. The PostgreSQL adapter joins it when a server
 * answers (postgres.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Store } from '../store.js';
import { buildSchemaTemplate, MEMORY_PAGE_SIZE } from '../sqlite/schema-template.js';
import { SqliteStore } from '../sqlite/sqlite-store.js';
import { openPostgresStores, postgresAvailable } from './postgres.js';

export interface ContractAdapter {
  name: string;
  /** A new, empty store; closing it releases what it holds. */
  open(): Promise<Store>;
  /**
   * Two stores on one new database, as two processes would have (adapters that can share one);
   * closing both releases it.
   */
  openPair?(): Promise<[Store, Store]>;
}

/**
 * The build's schema template of `:memory:` workspaces (ADR 0094, with its 512-byte pages), made once for
 * the suites that start from it.
 */
const template = buildSchemaTemplate(undefined, MEMORY_PAGE_SIZE);

const ALL: ContractAdapter[] = [
  { name: 'sqlite :memory:', open: async () => SqliteStore.open(':memory:', { template: null }) },
  {
    // As the test kit's workspaces start: a copy of the schema template, not migrations.
    name: 'sqlite :memory: from the schema template',
    open: async () => SqliteStore.open(':memory:', { template }),
  },
  {
    // On disk: WAL, the checkpoint worker and file modes are in play.
    name: 'sqlite file',
    open: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'parley-contract-'));
      const store = SqliteStore.open(path.join(dir, 'parley.sqlite'), { template: null });
      const close = store.close.bind(store);
      store.close = async () => {
        await close();
        rmSync(dir, { recursive: true, force: true });
      };
      return store;
    },
    openPair: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'parley-contract-'));
      const file = path.join(dir, 'parley.sqlite');
      const first = SqliteStore.open(file);
      const second = SqliteStore.open(file);
      let open = 2;
      for (const store of [first, second]) {
        const close = store.close.bind(store);
        store.close = async () => {
          await close();
          if (--open === 0) rmSync(dir, { recursive: true, force: true });
        };
      }
      return [first, second];
    },
  },
];

if (postgresAvailable) {
  ALL.push({
    name: 'postgres',
    open: async () => (await openPostgresStores(1))[0]!,
    openPair: async () => {
      const [first, second] = await openPostgresStores(2);
      return [first!, second!];
    },
  });
}

export function contractAdapters(env: NodeJS.ProcessEnv = process.env): ContractAdapter[] {
  const wanted = env.PARLEY_STORAGE_ADAPTERS?.split(',').map((name) => name.trim());
  return wanted ? ALL.filter((adapter) => wanted.includes(adapter.name)) : ALL;
}
