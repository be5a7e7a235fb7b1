import type { RouteContext } from '../control-context.js';

/** POST /control/chats/migrate: the creator upgrades a group to a supergroup; answers the supergroup. */
export async function migrateChat({ platform, input }: RouteContext<'migrateChat'>) {
  const supergroup = await platform.groups.migrate({ person: input.by, chat: input.chat });
  return platform.groups.record(supergroup.id!);
}
