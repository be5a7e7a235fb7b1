/**
 * Fault rules (ADR 0058): what a person asks the server to do wrong, on purpose, to test how a bot or
 * a verification client copes. A rule has a scope (a surface and who on it, optionally one method),
 * an effect (an error answer, added latency, or a dropped connection) and a duration (the next N
 * calls, until a virtual time, with a probability under a seed; these combine).
 *
 * The rule is surface-neutral: each surface turns an error effect into its own wire (the Bot API's
 * envelope, the gateway's code, a webhook attempt's failure text).
 *
 * Whether the n-th matching call (1-based, counted atomically in the store) is faulted is a pure
 * function of the rule, n and the virtual time, so the same seed gives the same sequence in every
 * process and every run.
 */

/** Where a rule applies: Bot API calls of a bot, gateway calls of an account, webhook attempts to a bot. */
export type FaultSurface = 'bot_api' | 'gateway' | 'webhook';

/** A stored rule (the control API shows it as it is, snake_case). */
export interface FaultRule {
  id: number;
  surface: FaultSurface;
  /** The bot (bot_api, webhook) or the gateway account (gateway). */
  target_id: number;
  /** Lower-cased method name; absent: every method. */
  method?: string;
  // ---- the effect: an error when status or error is set; else latency alone, or a drop
  /** The HTTP status of the error answer. */
  status?: number;
  /** The Bot API's description (without its prefix) for 400/403/others. */
  description?: string;
  /** Seconds a client is told to wait (Bot API 429, gateway FLOOD_WAIT_n, a webhook's Retry-After). */
  retry_after?: number;
  /** The gateway's error code (PHONE_NUMBER_NOT_AVAILABLE, FLOOD_WAIT_5, ...). */
  error?: string;
  /** Milliseconds to wait before answering (alone: then the call runs as usual). */
  latency_ms?: number;
  /** Close the connection without an answer. */
  drop?: boolean;
  // ---- the duration
  /** The next N matching calls only. */
  times?: number;
  /** Virtual milliseconds; the rule applies before this time only. */
  until_ms?: number;
  /** The chance (0-1) that a matching call is faulted, drawn from `seed` and the call's number. */
  probability?: number;
  seed?: number;
  /** Virtual milliseconds. */
  created_ms: number;
}

/** Whether the rule counts its calls in the store (to count down, or to number its draws). */
export function countsCalls(rule: FaultRule): boolean {
  return rule.times !== undefined || rule.probability !== undefined;
}

export function expired(rule: FaultRule, nowMs: number): boolean {
  return rule.until_ms !== undefined && nowMs >= rule.until_ms;
}

/** Whether a rule that counts calls is used up after its `n`-th call. */
export function exhausted(rule: FaultRule, n: number): boolean {
  return rule.times !== undefined && n >= rule.times;
}

/**
 * Whether the `n`-th matching call (1-based; 0 for a rule that does not count) is faulted. A rule
 * with `times` covers calls 1..times; with `probability`, each covered call is faulted when its draw
 * falls below it.
 */
export function faultsCall(rule: FaultRule, n: number, nowMs: number): boolean {
  if (expired(rule, nowMs)) return false;
  if (rule.times !== undefined && n > rule.times) return false;
  if (rule.probability !== undefined) return draw(rule.seed ?? 0, n) < rule.probability;
  return true;
}

/**
 * A number in [0, 1) for (seed, n): splitmix32 of the pair. Deterministic and well spread, not
 * secure (nothing here needs it to be).
 */
export function draw(seed: number, n: number): number {
  let h = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(n | 0, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x21f0aaad);
  h = Math.imul(h ^ (h >>> 15), 0x735a2d97);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

/** Whether a rule applies to a call of `lowerMethod` (undefined for webhook attempts). */
export function matchesMethod(rule: FaultRule, lowerMethod: string | undefined): boolean {
  return rule.method === undefined || rule.method === lowerMethod;
}
