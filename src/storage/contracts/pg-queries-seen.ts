/**
 * What the PostgreSQL tests see of the statements the driver sends: every `pg.Client`'s `query`
 * watched while a watch is on, with whether it went on a write connection (pg's pipeline mode, the
 * lanes) or on the pool.
 */
import pg from 'pg';

/** Calls `seen` with each statement's text, and whether a write connection sent it, until `stop()`. */
export function watchQueries(seen: (text: string, onWriteConnection: boolean) => void): () => void {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function watched(this: pg.Client, config: unknown, ...rest: unknown[]) {
    const text = typeof config === 'string' ? config : ((config as { text?: string })?.text ?? '?');
    seen(text, (this as unknown as { pipeline?: boolean }).pipeline === true);
    return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
  } as typeof query;
  return () => void (pg.Client.prototype.query = query);
}

/** Counts what the write connections send, by statement text, until `stop()`. */
export function countWriteStatements(): { counts: Map<string, number>; stop: () => void } {
  const counts = new Map<string, number>();
  const stop = watchQueries((text, onWriteConnection) => {
    if (onWriteConnection) counts.set(text, (counts.get(text) ?? 0) + 1);
  });
  return { counts, stop };
}

/** The statements sent on the pool (not on a write connection) while `run` runs, with its answer. */
export async function poolStatements<T>(run: () => Promise<T>): Promise<{ value: T; texts: string[] }> {
  const texts: string[] = [];
  const stop = watchQueries((text, onWriteConnection) => {
    if (!onWriteConnection) texts.push(text);
  });
  try {
    return { value: await run(), texts };
  } finally {
    stop();
  }
}

/**
 * What the write connections send while `run` runs: the statements, and the round trips (a round
 * trip begins with a statement sent after an answer came back; statements sent with no answer in
 * between go out together, pipelined).
 */
export async function writeRoundTrips(
  run: () => Promise<unknown>,
): Promise<{ texts: string[]; roundTrips: number }> {
  const texts: string[] = [];
  let roundTrips = 0;
  let answered = true;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function watched(this: pg.Client, config: unknown, ...rest: unknown[]) {
    const result = (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    if ((this as unknown as { pipeline?: boolean }).pipeline !== true) return result;
    texts.push(typeof config === 'string' ? config : ((config as { text?: string })?.text ?? '?'));
    if (answered) roundTrips += 1;
    answered = false;
    // Registered before the caller's own reactions: an answer is counted before it is acted on.
    if (result instanceof Promise)
      result.then(
        () => (answered = true),
        () => (answered = true),
      );
    return result;
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return { texts, roundTrips };
}
