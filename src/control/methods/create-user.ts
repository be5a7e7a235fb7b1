import type { RouteContext } from '../control-context.js';
import { userRecord } from './user-record.js';

/** POST /control/users: registers a person with a phone number. docs/control-api.md. */
export async function createUser({ platform, input }: RouteContext<'createUser'>) {
  const row = await platform.users.createUser({
    phone_number: input.phone_number,
    first_name: input.first_name,
    last_name: input.last_name,
    username: input.username,
    language_code: input.language_code,
  });
  return userRecord(row);
}
