import type { RouteContext } from '../control-context.js';
import { Inspector } from '../../platform/inspector/inspector.js';

/** GET /control/bots/{ref}/updates: a bot's pending updates, in update_id order (the inspector). */
export async function listPendingUpdates({ platform, input, path }: RouteContext<'listPendingUpdates'>) {
  return Inspector.of(platform).pendingUpdates(path.ref ?? '', input.limit);
}
