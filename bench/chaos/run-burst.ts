/**
 * A burst of sends by concurrent senders across one SIGKILL of the server.
 *
 * Sends 0..sends-1 are taken in order by `concurrency` senders; each sender awaits `server.up()`
 * before a send, so that sends after the kill go to the next lifetime. `killDelayMs` after the
 * `killAfter`-th send was acknowledged (the burst going on meanwhile, so that the kill can fall
 * anywhere in the server's work, not only right after an answer) the server is killed: requests in
 * flight then fail and stay unanswered. They are never retried, since a retry of a send whose outcome
 * is unknown would make a duplicate that is the client's doing. The server stays down `downtimeMs`
 * and starts again on the same data. The burst ends when every send was tried and the restart is
 * done.
 */
import type { KillableParley } from './killable-parley.js';
import type { SeededRandom } from './seeded-random.js';
import type { TrialContext } from './trial.js';

export interface KillPlan {
  /** The server is killed when this many sends were acknowledged (or after the last send)... */
  killAfter: number;
  /** ...and this many ms more. */
  killDelayMs: number;
  /** How long the server stays down before it is started again. */
  downtimeMs: number;
}

/**
 * Draws where a trial kills: 0-25 ms after 15-85 % of the sends that can be acknowledged were, and
 * for how long: 20-200 ms.
 * Trials draw it before anything runs, so that a seed draws the same plan whatever the timing.
 */
export function drawKillPlan(random: SeededRandom, acknowledgeable: number): KillPlan {
  return {
    killAfter: Math.max(
      1,
      random.int(Math.floor(acknowledgeable * 0.15), Math.floor(acknowledgeable * 0.85)),
    ),
    killDelayMs: random.int(0, 25),
    downtimeMs: random.int(20, 200),
  };
}

export interface BurstOptions<A> {
  /** One send: resolves with the server's answer, rejects when none came (refused, reset). */
  send(index: number): Promise<A>;
  /** Whether an answer acknowledges the send (a 2xx with a result). */
  acknowledges(answer: A): boolean;
}

export interface BurstResult<A> {
  /** Sends that got an answer, acknowledging or not. */
  answered: Map<number, A>;
  /** Sends that got no answer, with the error. */
  unanswered: Map<number, string>;
  /** Acknowledged sends when the kill came. */
  ackedAtKill: number;
}

/** `ctx.sends` sends by `ctx.concurrency` senders, with the kill of `plan`. */
export async function runBurst<A>(
  ctx: TrialContext,
  server: KillableParley,
  { killAfter, killDelayMs, downtimeMs }: KillPlan,
  options: BurstOptions<A>,
): Promise<BurstResult<A>> {
  const { sends: total, concurrency } = ctx;
  const answered = new Map<number, A>();
  const unanswered = new Map<number, string>();
  let next = 0;
  let acked = 0;
  let restart: Promise<void> | undefined;
  let ackedAtKill = 0;
  const killAndRestart = () => {
    restart ??= (async () => {
      ackedAtKill = acked;
      await server.kill();
      await new Promise((resolve) => setTimeout(resolve, downtimeMs));
      await server.start();
    })();
    // Awaited at the end of the burst; a failed restart also fails the senders' `up()`.
    restart.catch(() => {});
    return restart;
  };
  const sender = async () => {
    while (next < total) {
      const index = next++;
      await server.up();
      try {
        const answer = await options.send(index);
        answered.set(index, answer);
        if (options.acknowledges(answer) && ++acked === killAfter) {
          setTimeout(() => void killAndRestart(), killDelayMs);
        }
      } catch (error) {
        unanswered.set(index, error instanceof Error ? (errorCause(error) ?? error.message) : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  await killAndRestart();
  return { answered, unanswered, ackedAtKill };
}

/** fetch's `TypeError: fetch failed` carries the socket error (ECONNRESET, ...) as its cause. */
function errorCause(error: Error): string | undefined {
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? (cause.code ?? cause.message) : undefined;
}
