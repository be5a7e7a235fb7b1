/**
 * One log line per answered request, at `info`: which surface, which method, the HTTP status, how long
 * it took and, for a failure, the surface's error text. The fast lanes and the Fastify routes write
 * the same line, so the lanes serve at every log level (ADR 0005).
 *
 * No secret reaches the line: bot tokens (in the Bot API's and the file download's paths), gateway
 * access tokens (header or parameter), the admin token (header), webhook secret tokens and
 * verification codes (parameters) are in no field. The method is a name of the surface's own table
 * or a route pattern (`/users/:ref`), never a path segment as given, which could be a token put in
 * the wrong place; the URL is written only at `debug`, its token redacted and its query string
 * dropped; error texts are the Bot API's catalogue texts and the other surfaces' error codes, never a
 * description that could echo the request (`errorText`).
 *
 * Cost on the hot path: one flat object of a fixed shape and one `log.info` after the answer is
 * written; no child logger per request, no listener on the response. Still, measured for the
 * hardening issue: about 5 µs a line alone (2 µs pino's formatting, 3 µs the write to stdout), and
 * 5-10% of sendMessage's throughput in `npm run bench -- --only 1` (stdout read by the bench through a
 * pipe); `--log-requests off` gives that back where nobody reads the lines.
 *
 * The metrics (server/metrics.ts, ADR 0060) are told of each request here too (`RequestObserver`),
 * with the same timing, whether lines are written or not: one point times every request.
 */
import { STATUS_CODES } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

export type Surface = 'bot-api' | 'gateway' | 'control' | 'file';

/**
 * A bot token at the start of a path, as the Bot API (`/bot<token>/...`) and the file download
 * (`/file/bot<token>/...`) take it; also after a scheme and host (an absolute-form request line) and
 * repeated slashes, which the routes refuse but a log line at debug would still show. Here anything
 * up to the next `/` is the token, as the reference reads it: `/control/bots` does not start so.
 */
const TOKEN_AT_START = /^((?:[a-z][a-z\d+.-]*:\/\/[^/?#]*)?\/+(?:file\/+)?bot)[^/?]*/i;

/**
 * A token anywhere else in a path (`/../bot<token>/getMe`, `/x/bot<token>`, a workspace's
 * `/w/NAME/bot<token>/...`, a token where `/control/bots/<ref>` takes a username): a segment with a
 * bot token's `<id>:<secret>` shape (a colon; no route of any surface has one in a segment), after
 * `bot` or alone, and a segment with a web session token's shape (`w1.<user>.<device>.<secret>`).
 */
const TOKEN_SEGMENT = /(\/(?:bot)?)[^/]*:[^/]*|(\/)w1\.\d+\.\d+\.[^/]*/gi;

/**
 * A request URL fit for a log line: a token anywhere in the path redacted, the query string dropped
 * (its parameters carry gateway access tokens, session and admin tokens put there by mistake,
 * verification codes, webhook secret tokens and URLs). The path is percent-decoded first, so that
 * an encoded `/bot` prefix or colon is recognised too; a path that does not decode whole is decoded
 * segment by segment, so that one malformed escape does not hide a token in another segment.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = decodeForLog(q < 0 ? url : url.slice(0, q));
  const redacted = path
    .replace(TOKEN_AT_START, '$1<redacted>')
    .replace(
      TOKEN_SEGMENT,
      (_whole, prefix: string | undefined, slash: string | undefined) => `${prefix ?? slash}<redacted>`,
    );
  return redacted + (q < 0 ? '' : '?<redacted>');
}

function decodeForLog(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path
      .split('/')
      .map((segment) => {
        try {
          return decodeURIComponent(segment);
        } catch {
          // Left as it came, its encoded colons read as colons: a malformed escape hides nothing.
          return segment.replace(/%3a/gi, ':');
        }
      })
      .join('/');
  }
}

/**
 * The error text of an answer, or undefined for a success: the Bot API's `description`, the gateway's
 * `error` code, the control API's `error` code alone; for a bare status line, the status's name.
 * Only answers with an error status, or a JSON envelope with `"ok":false` (the gateway's always-200
 * option), are read.
 *
 * The control API's descriptions name what was asked for (`no bot "<ref>"`), and a caller may put a
 * token where a reference goes: the answer may tell the caller so, the log may not. Its codes are
 * fixed words; the Bot API's descriptions are the reference's catalogue texts.
 */
export function errorText(status: number, body: unknown, surface?: Surface): string | undefined {
  const envelope = typeof body === 'string' && body.startsWith('{"ok":false');
  if (status < 400 && !envelope) return undefined;
  if (envelope) {
    try {
      const parsed = JSON.parse(body) as { error?: unknown; description?: unknown };
      const { error, description } = parsed;
      if (typeof error === 'string' && (surface === 'control' || typeof description !== 'string')) {
        return error;
      }
      if (typeof description === 'string') return description;
    } catch {
      // Not an envelope after all: named by its status below.
    }
  }
  return STATUS_CODES[status] ?? String(status);
}

/**
 * Told of every answered request at the point that writes its line, with the same values (the
 * metrics, server/metrics.ts): one timing per request, whether lines are written or not. `failed`:
 * the answer carries an error text (an error status, or an `"ok":false` envelope).
 */
export type RequestObserver = (
  surface: Surface,
  method: string | undefined,
  status: number,
  elapsedMs: number,
  failed: boolean,
) => void;

/** The levels at which `info` lines are written. */
const LINE_LEVELS = new Set(['trace', 'debug', 'info']);

export class RequestLog {
  /** The logger the lines go to, made at the first line (a workspace's world may never write one). */
  #lineLog: FastifyBaseLogger | undefined;
  /** Whether lines carry the (redacted) URL: only at debug and trace. */
  private readonly withUrl: boolean;
  /** Whether requests are timed at all: lines are written, or an observer counts them. */
  readonly enabled: boolean;

  constructor(
    private readonly log: FastifyBaseLogger,
    /** Off: no request lines at all (`--log-requests off`). */
    private readonly lines = true,
    private readonly observer?: RequestObserver,
  ) {
    this.withUrl = lines && (log.level === 'debug' || log.level === 'trace');
    this.enabled = lines || observer !== undefined;
  }

  /** A start time for `write`. */
  static now(): number {
    return performance.now();
  }

  /** The line of one answered request; `startedMs` from `RequestLog.now()` when it arrived. */
  write(
    surface: Surface,
    verb: string | undefined,
    method: string | undefined,
    status: number,
    startedMs: number,
    error: string | undefined,
    url: string | undefined,
  ): void {
    if (!this.enabled) return;
    this.writeMs(surface, verb, method, status, performance.now() - startedMs, error, url);
  }

  /** As `write`, with the duration already measured (Fastify's `reply.elapsedTime`). */
  writeMs(
    surface: Surface,
    verb: string | undefined,
    method: string | undefined,
    status: number,
    elapsedMs: number,
    error: string | undefined,
    url: string | undefined,
  ): void {
    this.observer?.(surface, method, status, elapsedMs, error !== undefined);
    if (!this.lines) return;
    // One literal of one shape for every line; pino leaves out the undefined fields.
    // Below info (the test kit's `silent`) no line is written: no child is made for it (issue 28: a
    // child with options of its own was about 2 % of a workspace's create, reset and delete).
    if (!LINE_LEVELS.has(this.log.level)) return;
    // The line holds strings and numbers only, which the logger's redaction paths (`*.token`, ...)
    // never match; without them pino skips a redaction pass per field, about half a line's cost.
    this.#lineLog ??= this.log.child({}, { redact: [] });
    this.#lineLog.info(
      {
        surface,
        method,
        verb,
        status,
        ms: Math.round(elapsedMs * 100) / 100,
        error,
        url: this.withUrl && url !== undefined ? redactUrl(url) : undefined,
      },
      'request',
    );
  }

  /**
   * Logs every request of a Fastify plugin's scope (its routes, its not-found handler, answers its
   * hooks give early) as `surface`; `methodOf` names the method from a finished request, or gives
   * undefined when there is none to name.
   */
  hooks(
    app: FastifyInstance,
    surface: Surface,
    methodOf: (request: FastifyRequest) => string | undefined,
  ): void {
    if (!this.enabled) return;
    // The error text is in the body, which only onSend sees; failures are not the hot path.
    const failures = new WeakMap<FastifyRequest, string | undefined>();
    app.addHook('onSend', (request, reply, payload, done) => {
      const text = errorText(reply.statusCode, payload, surface);
      if (text !== undefined) failures.set(request, text);
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      this.writeMs(
        surface,
        request.method,
        methodOf(request),
        reply.statusCode,
        reply.elapsedTime,
        failures.get(request) ?? errorText(reply.statusCode, undefined, surface),
        request.url,
      );
      done();
    });
  }
}
