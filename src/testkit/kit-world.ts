/** The test kit's `world` option (ADR 0102): a world file imported into a kit's server as it starts. */
import { readFile } from 'node:fs/promises';
import type { ControlClient } from './control-client.js';
import type { WorldFile, WorldImported } from '../wire/control-types.js';

/** What `withWorld` needs of a kit (parley.ts's Parley). */
interface WorldKit {
  readonly control: ControlClient;
  readonly world: WorldImported | undefined;
  close(): Promise<void>;
}

/**
 * Imports `world` (a file's path or its object) into the kit's server, as `POST /control/world`; on
 * a failure, closes the kit (stopping its in-process server, deleting its workspace) and rethrows.
 */
export async function withWorld<K extends WorldKit>(
  parley: K,
  world: WorldFile | string | undefined,
): Promise<K> {
  if (world === undefined) return parley;
  try {
    const imported = await parley.control.importWorld(
      typeof world === 'string' ? { world_text: await readFile(world, 'utf8') } : { world },
    );
    return { ...parley, world: imported };
  } catch (error) {
    await parley.close().catch(() => undefined);
    throw error;
  }
}
