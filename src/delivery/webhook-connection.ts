/**
 * A bot's webhook as the delivery worker reaches it: the request target, its secret header and basic
 * credentials, and a pool of connections to its origin that, in `strict`, checks the address each
 * connection really reaches (platform/net/outbound-connector.ts). And how a failed attempt is named
 * in getWebhookInfo's last_error_message (reference §4.2).
 *
 * Pools are per origin, not per bot (ADR 0092): the bots whose webhooks share an origin (and the way
 * its connections are made: profile, fixed address, certificate) share its connections. A bot's
 * max_connections is kept by its delivery, which has at most that many requests open at once.
 */
import type { Dispatcher, Pool } from 'undici';
import { undici } from '../platform/net/undici.js';
import { outboundConnector, type HostLookup } from '../platform/net/outbound-connector.js';
import type { Profile } from '../config/config.js';
import type { BotRow } from '../storage/store.js';

const TIMEOUT_MS = 60_000;
/** The spec's name of the secret header (spec/bot-api.md setWebhook). */
export const SECRET_HEADER = 'X-Service-Bot-Api-Secret-Token';
/**
 * The reference platform's name of the same header, sent too: bot libraries' built-in checks (grammY's
 * `webhookCallback(bot, adapter, { secretToken })`, telegraf's `secretToken`) read only this one
 * (ADR 0072).
 */
export const REFERENCE_SECRET_HEADER = 'X-Telegram-Bot-Api-Secret-Token';

export interface Target {
  /** The request target: path and query of the URL. */
  path: string;
  maxConnections: number;
  /**
   * Connections to the webhook's origin (one origin: a Pool, without an Agent's lookup per call),
   * shared with the other bots of that origin (`OriginPools`).
   */
  pool: Pool;
  /** Gives the pool back (the bot no longer uses this target): closed when its last user goes. */
  release(): Promise<void>;
  /** The headers of every POST to it, built once (undici only reads them). */
  headers: Record<string, string>;
}

/** A webhook's answer, read whole (a failure's body is not kept). */
export interface WebhookAnswer {
  statusCode: number;
  /** Empty when the answer names none. */
  contentType: string;
  retryAfter: string | undefined;
  /** The body as text (a leading BOM dropped); empty unless the status is 2xx. */
  text: string;
}

/** How much of a failure's body is read before its connection is dropped (as undici's dump). */
const FAILURE_BODY_LIMIT = 128 * 1024;
const RETRY_AFTER = 'retry-after';
const CONTENT_TYPE = 'content-type';

/**
 * Reads one answer for `post` straight from undici's dispatch: no response stream, async resource
 * or parsed header object per request (what `pool.request` builds; they showed in profiles).
 */
class AnswerReader implements Dispatcher.DispatchHandler {
  #abort: ((error?: Error) => void) | undefined;
  #settled = false;
  #statusCode = 0;
  #contentType: string | undefined;
  #retryAfter: string | undefined;
  #chunks: Buffer[] | undefined;
  #bytes = 0;

  constructor(
    private readonly resolve: (answer: WebhookAnswer) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  onConnect(abort: (error?: Error) => void): void {
    this.#abort = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
    // An informational answer (1xx) comes before the real one.
    if (statusCode < 200) return true;
    this.#statusCode = statusCode;
    for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!;
      // Only names of the right length are decoded.
      if (name.length === CONTENT_TYPE.length && name.toString('latin1').toLowerCase() === CONTENT_TYPE) {
        const value = rawHeaders[i + 1]!.toString('latin1');
        this.#contentType = this.#contentType === undefined ? value : `${this.#contentType},${value}`;
      } else if (
        name.length === RETRY_AFTER.length &&
        name.toString('latin1').toLowerCase() === RETRY_AFTER
      ) {
        this.#retryAfter ??= rawHeaders[i + 1]!.toString('latin1');
      }
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.#bytes += chunk.length;
    if (this.#statusCode >= 200 && this.#statusCode < 300) (this.#chunks ??= []).push(chunk);
    else if (this.#bytes > FAILURE_BODY_LIMIT) {
      // A failure's body is not needed: the answer is known, the connection is dropped.
      this.#settle();
      this.#abort?.();
      return false;
    }
    return true;
  }

  onComplete(): void {
    this.#settle();
  }

  onError(error: Error): void {
    if (this.#settled) return;
    this.#settled = true;
    this.reject(error);
  }

  #settle(): void {
    if (this.#settled) return;
    this.#settled = true;
    const chunks = this.#chunks;
    let text = '';
    if (chunks !== undefined) {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.#bytes);
      const bom = body.length > 2 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
      text = body.toString('utf8', bom ? 3 : 0);
    }
    this.resolve({
      statusCode: this.#statusCode,
      contentType: this.#contentType ?? '',
      retryAfter: this.#retryAfter,
      text,
    });
  }
}

/**
 * POSTs `body` to the target; resolves once the whole answer is read (its connection is free
 * again), rejects as undici's request would (connect errors, timeouts, a dropped connection).
 */
export function post(target: Target, body: string): Promise<WebhookAnswer> {
  return new Promise((resolve, reject) => {
    target.pool.dispatch(
      { method: 'POST', path: target.path, headers: target.headers, body },
      new AnswerReader(resolve, reject),
    );
  });
}

export function describeFailure(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT') {
    return 'Read timeout expired';
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'Connection reset by peer';
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL')) {
    return `SSL error: ${(error as Error).message}`;
  }
  return (error as Error).message || 'Connection failed';
}

/**
 * The connection pools of the webhook origins in use, each with how many targets hold it. A pool is
 * made for an origin's first target and closed when its last one is released.
 */
export class OriginPools {
  readonly #pools = new Map<string, { pool: Pool; users: number }>();

  /** Pools open now. */
  get size(): number {
    return this.#pools.size;
  }

  take(key: string, make: () => Pool): { pool: Pool; release: () => Promise<void> } {
    let entry = this.#pools.get(key);
    if (!entry) {
      entry = { pool: make(), users: 0 };
      this.#pools.set(key, entry);
    }
    entry.users += 1;
    const held = entry;
    let released = false;
    return {
      pool: held.pool,
      release: async () => {
        if (released) return;
        released = true;
        held.users -= 1;
        if (held.users > 0) return;
        if (this.#pools.get(key) === held) this.#pools.delete(key);
        await held.pool.close();
      },
    };
  }
}

/** The target of a bot's webhook (`webhook_url` set), with its origin's pool taken from `pools`. */
export function webhookTarget(
  bot: BotRow,
  profile: Profile,
  lookup: HostLookup | undefined,
  pools: OriginPools,
): Target {
  const url = new URL(/^[a-z]+:\/\//i.test(bot.webhook_url) ? bot.webhook_url : `https://${bot.webhook_url}`);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (bot.webhook_secret) {
    headers[SECRET_HEADER] = bot.webhook_secret;
    headers[REFERENCE_SECRET_HEADER] = bot.webhook_secret;
  }
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  const fixedIp = bot.webhook_ip_fixed && bot.webhook_ip_address ? bot.webhook_ip_address : undefined;
  const ca = bot.webhook_certificate || undefined;
  // Connections are shared only where they are made alike: same origin, profile, address, certificate.
  const key = `${url.origin}\n${profile}\n${fixedIp ?? ''}\n${ca ?? ''}`;
  const { pool, release } = pools.take(key, () => {
    // In `strict`, each new connection checks the address it connects to (DNS may have changed since
    // setWebhook); a refusal fails the attempt like any connect error.
    const connect = outboundConnector({ profile, lookup, fixedIp, ca });
    // No cap on connections here: each bot's delivery keeps its own max_connections.
    return new (undici().Pool)(url.origin, {
      pipelining: 1,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      connect,
    });
  });
  return {
    path: `${url.pathname}${url.search}`,
    maxConnections: bot.webhook_max_connections,
    headers,
    pool,
    release,
  };
}
