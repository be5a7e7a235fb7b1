/** GET and POST /control/world: the workspace's world as a world file, and a file's import (ADR 0102). */
import type { RouteContext } from '../control-context.js';
import { PlatformError } from '../../platform/core/errors.js';
import { exportWorld as exportOf } from '../../platform/world/world-export.js';
import { importWorld as importInto } from '../../platform/world/world-import.js';
import { MAX_WORLD_TEXT } from '../../platform/world/world-source.js';

export function exportWorld({ platform, input }: RouteContext<'exportWorld'>) {
  return exportOf(platform, { messages: input.messages });
}

export function importWorld({ platform, input }: RouteContext<'importWorld'>) {
  const text = input.world_text;
  if ((text === undefined) === (input.world === undefined)) {
    throw new PlatformError('BAD_REQUEST', 'give the world file as world_text or as world (one of them)');
  }
  if (text !== undefined && text.length > MAX_WORLD_TEXT) {
    throw new PlatformError('BAD_REQUEST', 'world_text is longer than 16 MiB');
  }
  return importInto(platform, text !== undefined ? { text } : { world: input.world });
}

/** A world file's text at its longest, as JSON (escaped) with room for the rest of the body. */
export const WORLD_BODY_LIMIT = 2 * MAX_WORLD_TEXT + 64 * 1024;
