import type { RouteContext } from '../control-context.js';
import { userRecord } from './user-record.js';

/** GET /control/users/{ref}: a person by id, phone number or @username. */
export async function getUser({ platform, path }: RouteContext<'getUser'>) {
  return userRecord(await platform.users.resolve(path.ref ?? '', 'user'));
}
