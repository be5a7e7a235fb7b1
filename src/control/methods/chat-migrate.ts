import type { ControlContext } from '../control-context.js';
import { actingPerson } from './chat-inputs.js';

/** POST /control/chats/migrate: the creator upgrades a group to a supergroup; answers the supergroup. */
export async function migrateChat({ platform, input }: ControlContext) {
  const supergroup = await platform.groups.migrate(actingPerson(input));
  return platform.groups.record(supergroup.id!);
}
