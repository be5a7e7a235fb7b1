/** Giveaways (ADR 0056): `POST /control/giveaways`, `GET /control/giveaways`. */
import type { RouteContext } from '../control-context.js';

/** POST /control/giveaways: a person who administers a channel or supergroup starts a giveaway. */
export async function startGiveaway({ platform, input }: RouteContext<'startGiveaway'>) {
  return platform.giveaways.start(input.user, input.chat, {
    winner_count: input.winner_count,
    until_date: input.until_date,
    prize_description: input.prize_description,
    only_new_members: input.only_new_members,
    has_public_winners: input.has_public_winners,
    country_codes: input.country_codes,
    prize_star_count: input.prize_star_count,
    premium_subscription_month_count: input.premium_subscription_month_count,
  });
}

/** GET /control/giveaways: a giveaway by its message, with its winners once drawn. */
export async function getGiveaway({ platform, input }: RouteContext<'getGiveaway'>) {
  return platform.giveaways.get(input.chat, input.message_id);
}
