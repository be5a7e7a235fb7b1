import type { RouteContext } from '../control-context.js';

/** GET /control/chats/{CHAT}: a group, supergroup or channel by id or @username, with its members. */
export async function getChat({ platform, path }: RouteContext<'getChat'>) {
  return platform.groups.record(path.ref ?? '');
}
