import type { RouteContext } from '../control-context.js';

/**
 * A person's Stars subscriptions to a bot (ADR 0078): `GET /control/subscriptions` lists those whose
 * period runs; `POST /control/subscriptions/cancel` and `/reactivate` change one, and the bot gets
 * a `subscription` update. docs/payments.md.
 */
export async function listSubscriptions({ platform, input }: RouteContext<'listSubscriptions'>) {
  return platform.payments.personSubscriptions.list(input.user, input.bot);
}

export async function cancelSubscription({ platform, input }: RouteContext<'cancelSubscription'>) {
  return platform.payments.personSubscriptions.cancel(input.user, input.bot, input.charge_id);
}

export async function reactivateSubscription({ platform, input }: RouteContext<'reactivateSubscription'>) {
  return platform.payments.personSubscriptions.reactivate(input.user, input.bot, input.charge_id);
}
