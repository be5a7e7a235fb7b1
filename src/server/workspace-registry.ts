/**
 * What the server knows of each workspace without opening it (ADR 0064), kept in the default
 * workspace's settings (so every node of a shared database reads the same): its creation time (for
 * `GET /control/workspaces`) and when its background work is next due (for the wake after a restart).
 *
 * The wake record is written when the workspace opens as "now" and replaced when it closes cleanly by
 * the real time its next work is due ('' for none). So a server that stopped without closing it
 * (a crash) opens it at the next start, as does one that has never recorded it (a workspace made
 * before this record existed).
 */
import type { Store } from '../storage/store.js';

export type RegistryStore = Pick<Store, 'getSetting' | 'write'>;

/** When a workspace with work due was last recorded: now; never recorded; or a real time (ms). */
export type RecordedWake = number | 'unknown' | undefined;

const createdKey = (name: string) => `workspace.${name}.created_at`;
const wakeKey = (name: string) => `workspace.${name}.wake_at`;

export class WorkspaceRegistry {
  constructor(private readonly store: RegistryStore) {}

  /** Its creation time (Unix seconds), if recorded. */
  async createdAt(name: string): Promise<number | undefined> {
    const text = await this.store.getSetting(createdKey(name));
    return text === undefined || text === '' ? undefined : Number(text);
  }

  /** It is open here: its work is done by its own workers until it closes. */
  async opened(name: string, createdAt: number): Promise<void> {
    await this.store.write(async (tx) => {
      await tx.setSetting(createdKey(name), String(createdAt));
      await tx.setSetting(wakeKey(name), '0');
    });
  }

  /** It closed, with its next work due at `wakeAt` (real ms) or none. */
  async closed(name: string, wakeAt: number | undefined): Promise<void> {
    await this.store.write((tx) => tx.setSetting(wakeKey(name), wakeAt === undefined ? '' : String(wakeAt)));
  }

  async wakeAt(name: string): Promise<RecordedWake> {
    const text = await this.store.getSetting(wakeKey(name));
    if (text === undefined) return 'unknown';
    return text === '' ? undefined : Number(text);
  }

  /** It was deleted (settings cannot be removed: empty is absent). */
  async forget(name: string): Promise<void> {
    await this.store.write(async (tx) => {
      await tx.setSetting(createdKey(name), '');
      await tx.setSetting(wakeKey(name), '');
    });
  }
}
