/**
 * The pure rules of giveaways (ADR 0056): what a person may start, how the winners are drawn and
 * how a Stars prize is split.
 */
import { PlatformError } from '../core/errors.js';
import type { Random } from '../core/random.js';

/** Winners of one giveaway at most (spec GiveawayWinners: up to 100). */
export const MAX_WINNERS = 100;
/** The furthest a winners_selection_date may be from the start, in seconds (a year). */
export const MAX_GIVEAWAY_PERIOD = 365 * 86_400;
/** The Premium terms a giveaway may give, in months (the reference app's choices). */
export const PREMIUM_MONTHS = [3, 6, 12] as const;
/** The most Stars one giveaway may split (the ledger's largest grant). */
export const MAX_GIVEAWAY_STARS = 1_000_000;
/** prize_description at most (the reference app's limit). */
export const MAX_PRIZE_DESCRIPTION = 128;
/** country_codes at most (the reference app's limit). */
export const MAX_COUNTRY_CODES = 10;
/** How long a boost won in a Stars giveaway lasts (spec ChatBoostSourceGiveaway: one year). */
export const STARS_BOOST_PERIOD = 365 * 86_400;
/** A month of Premium, for the boost a Premium giveaway's winner gives (ADR 0044's month). */
export const PREMIUM_MONTH = 30 * 86_400;

export interface GiveawayInput {
  winner_count: number;
  until_date: number;
  prize_description?: string | undefined;
  only_new_members?: boolean | undefined;
  has_public_winners?: boolean | undefined;
  country_codes?: string[] | undefined;
  prize_star_count?: number | undefined;
  premium_subscription_month_count?: number | undefined;
}

function bad(message: string): never {
  throw new PlatformError('BAD_REQUEST', message);
}

/** Checks what a person gives to start a giveaway at `now`; answers the country codes, upper-cased. */
export function checkGiveaway(input: GiveawayInput, now: number): string[] {
  const { winner_count: count, until_date: until } = input;
  if (!Number.isInteger(count) || count < 1 || count > MAX_WINNERS) {
    bad(`winner_count must be from 1 to ${MAX_WINNERS}`);
  }
  if (!Number.isInteger(until) || until <= now) bad('until_date must be in the future');
  if (until > now + MAX_GIVEAWAY_PERIOD) bad('until_date must be within a year');
  const stars = input.prize_star_count;
  const months = input.premium_subscription_month_count;
  if ((stars === undefined) === (months === undefined)) {
    bad('give exactly one of prize_star_count and premium_subscription_month_count');
  }
  if (stars !== undefined && (!Number.isInteger(stars) || stars < count || stars > MAX_GIVEAWAY_STARS)) {
    bad(`prize_star_count must be from winner_count (every winner gets a Star) to ${MAX_GIVEAWAY_STARS}`);
  }
  if (months !== undefined && !(PREMIUM_MONTHS as readonly number[]).includes(months)) {
    bad(`premium_subscription_month_count must be one of ${PREMIUM_MONTHS.join(', ')}`);
  }
  const description = input.prize_description;
  if (
    description !== undefined &&
    (description.trim() === '' || description.length > MAX_PRIZE_DESCRIPTION)
  ) {
    bad(`prize_description must be 1-${MAX_PRIZE_DESCRIPTION} characters`);
  }
  const codes = (input.country_codes ?? []).map((code) => String(code).toUpperCase());
  if (codes.length > MAX_COUNTRY_CODES) bad(`at most ${MAX_COUNTRY_CODES} country_codes`);
  for (const code of codes) if (!/^[A-Z]{2}$/.test(code)) bad(`country code "${code}" is not two letters`);
  return [...new Set(codes)];
}

/** Up to `count` distinct winners drawn uniformly from `eligible` (a partial Fisher-Yates shuffle). */
export function drawWinners(
  eligible: readonly number[],
  count: number,
  random: Pick<Random, 'int'>,
): number[] {
  const pool = [...eligible];
  const take = Math.min(count, pool.length);
  for (let i = 0; i < take; i++) {
    const j = random.int(i, pool.length);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, take);
}

/**
 * A Stars prize split between the winners: every one of `winnerCount` prizes is the same whole
 * number of Stars; the shares of prizes nobody won and the rest of the division go back to the
 * creator.
 */
export function splitStars(
  prize: number,
  winnerCount: number,
  winners: number,
): { share: number; refund: number } {
  const share = Math.floor(prize / winnerCount);
  return { share, refund: prize - share * winners };
}
