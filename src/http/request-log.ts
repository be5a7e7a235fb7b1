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
 * dropped; error texts are the surfaces' catalogue texts.
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
 * repeated slashes, which the routes refuse but a log line at debug would still show. Only the start
 * of the path: `/control/bots` holds no token.
 */
const TOKEN_IN_PATH = /^((?:[a-z][a-z\d+.-]*:\/\/[^/?#]*)?\/+(?:file\/+)?bot)[^/?]*/i;

/**
 * A request URL fit for a log line: the token in the path redacted, the query string dropped (its
 * parameters carry gateway access tokens, verification codes, webhook secret tokens and URLs). The
 * path is percent-decoded first, so that an encoded `/bot` prefix is recognised too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // Left as it came; a malformed escape does not hide the prefix.
    }
  }
  return path.replace(TOKEN_IN_PATH, '$1<redacted>') + (q < 0 ? '' : '?<redacted>');
}

/**
 * The error text of an answer, or undefined for a success: the Bot API's `description`, the gateway's
 * `error` code, the control API's `error: description`; for a bare status line, the status's name.
 * Only answers with an error status, or a JSON envelope with `"ok":false` (the gateway's always-200
 * option), are read.
 */
export function errorText(status: number, body: unknown): string | undefined {
  const envelope = typeof body === 'string' && body.startsWith('{"ok":false');
  if (status < 400 && !envelope) return undefined;
  if (envelope) {
    try {
      const parsed = JSON.parse(body) as { error?: unknown; description?: unknown };
      const { error, description } = parsed;
      if (typeof error === 'string' && typeof description === 'string') return `${error}: ${description}`;
      if (typeof description === 'string') return description;
      if (typeof error === 'string') return error;
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

export class RequestLog {
  private readonly log: FastifyBaseLogger;
  /** Whether lines carry the (redacted) URL: only at debug and trace. */
  private readonly withUrl: boolean;
  /** Whether requests are timed at all: lines are written, or an observer counts them. */
  readonly enabled: boolean;

  constructor(
    log: FastifyBaseLogger,
    /** Off: no request lines at all (`--log-requests off`). */
    private readonly lines = true,
    private readonly observer?: RequestObserver,
  ) {
    // The line holds strings and numbers only, which the logger's redaction paths (`*.token`, ...)
    // never match; without them pino skips a redaction pass per field, about half a line's cost.
    this.log = log.child({}, { redact: [] });
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
    this.log.info(
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
      const text = errorText(reply.statusCode, payload);
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
        failures.get(request) ?? errorText(reply.statusCode, undefined),
        request.url,
      );
      done();
    });
  }
}
