import type { UserRow } from '../../storage/store.js';
import { WebError, type WebContext } from '../web-context.js';

export interface UserView {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  phone_number?: string;
  is_bot: boolean;
}

export function userView(row: UserRow): UserView {
  return {
    id: row.id,
    first_name: row.first_name,
    ...(row.last_name ? { last_name: row.last_name } : {}),
    ...(row.username ? { username: row.username } : {}),
    ...(row.phone_number && !row.is_bot ? { phone_number: row.phone_number } : {}),
    is_bot: Boolean(row.is_bot),
  };
}

/** GET /web/api/me: the signed-in person. */
export async function me({ platform, session }: WebContext) {
  const row = await platform.deps.store.getUser(session.userId);
  if (!row) throw new WebError(401, 'SESSION_INVALID', 'signed out');
  return { user: userView(row), device_id: session.deviceId };
}
