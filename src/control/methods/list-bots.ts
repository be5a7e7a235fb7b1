import type { RouteContext } from '../control-context.js';
import { Inspector } from '../../platform/inspector/inspector.js';

/** GET /control/bots: every bot, with its webhook and pending update count (the inspector). */
export async function listBots({ platform, input }: RouteContext<'listBots'>) {
  return Inspector.of(platform).bots(input.limit);
}
