import { PlatformError } from '../../platform/core/errors.js';
import type { RouteContext } from '../control-context.js';
import { botRecord } from './user-record.js';

/** GET /control/bots/{ref}: a bot by id or @username, with its token. */
export async function getBot({ platform, path }: RouteContext<'getBot'>) {
  const user = await platform.users.resolve(path.ref ?? '', 'bot');
  const found = await platform.users.getBot(user.id);
  if (!found) throw new PlatformError('BOT_NOT_FOUND', `no bot "${path.ref}"`);
  return botRecord(platform.deps.store, found.user, found.bot);
}
