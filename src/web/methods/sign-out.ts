import { closeSession } from '../session.js';
import type { WebContext } from '../web-context.js';

/** POST /web/api/sign-out: the tab's token is refused from now on and its device goes offline. */
export async function signOut({ platform, session }: WebContext) {
  await closeSession(platform.deps.store, session);
  await platform.devices.setOnline(String(session.userId), false, session.deviceId);
  return true;
}
