import type { RouteContext } from '../control-context.js';
import { PlatformError } from '../../platform/core/errors.js';

/** `user` or `bot`, exactly one (GET /control/stars/balance, /control/stars/transactions). */
function ownerRef(input: { user?: string | undefined; bot?: string | undefined }): string {
  if ((input.user === undefined) === (input.bot === undefined)) {
    throw new PlatformError('BAD_REQUEST', 'give either user or bot');
  }
  return (input.user ?? input.bot)!;
}

/** POST /control/stars/grant: gives a person Stars (a ledger row from `other`). */
export async function grantStars({ platform, input }: RouteContext<'grantStars'>) {
  const user = await platform.users.resolve(input.user, 'user');
  const balance = await platform.stars.grant(String(user.id), input.amount);
  return { user_id: user.id, ...balance };
}

/** GET /control/stars/balance: the Stars of a person or a bot. */
export async function getStarBalance({ platform, input }: RouteContext<'getStarBalance'>) {
  if (input.bot !== undefined) await platform.users.resolve(input.bot, 'bot');
  return platform.stars.balanceOfRef(ownerRef(input));
}

/** GET /control/stars/transactions: the ledger of a person or a bot, oldest first. */
export async function listStarTransactions({ platform, input }: RouteContext<'listStarTransactions'>) {
  if (input.bot !== undefined) await platform.users.resolve(input.bot, 'bot');
  const owner = await platform.users.resolve(ownerRef(input));
  return platform.stars.transactions(owner.id, input.offset, input.limit);
}
