import { optionalString, requireString, type ControlContext } from '../control-context.js';
import { userRecord } from './user-record.js';

/** POST /control/users: registers a person with a phone number. docs/control-api.md. */
export async function createUser({ platform, input }: ControlContext) {
  const row = await platform.users.createUser({
    phone_number: requireString(input, 'phone_number'),
    first_name: optionalString(input, 'first_name'),
    last_name: optionalString(input, 'last_name'),
    username: optionalString(input, 'username'),
    language_code: optionalString(input, 'language_code'),
  });
  return userRecord(row);
}
