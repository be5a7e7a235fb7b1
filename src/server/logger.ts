/**
 * Structured logs (pino). Bot tokens appear in request paths (`/bot<token>/...`,
 * `/file/bot<token>/...`), access tokens, codes and secret tokens in query strings and headers; the
 * request serializer (`redactUrl`) and the redaction paths remove them, so no secret reaches a log
 * line. Per-request lines: http/request-log.ts.
 *
 * A `silent` server (the test kit's default) writes no line, so it gets a logger that does nothing
 * and pino is not loaded: loading it cost every new test process some 15-20 ms (issue 28, ADR 0094).
 */
import type * as Pino from 'pino';
import { lazyPackage } from '../config/lazy-package.js';
import { redactUrl } from '../http/request-log.js';

type Logger = Pino.Logger;

const pinoPackage = lazyPackage<typeof Pino>('pino');

export function createLogger(level: string, stream?: NodeJS.WritableStream): Logger {
  if (level === 'silent') return SILENT;
  return pinoPackage().pino(
    {
      level,
      base: { service: 'parley' },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["x-service-bot-api-secret-token"]',
          'req.headers["x-telegram-bot-api-secret-token"]',
          '*.token',
          '*.secret_token',
        ],
        censor: '<redacted>',
      },
      serializers: {
        req(request: { method: string; url: string; ip?: string }) {
          return { method: request.method, url: redactUrl(request.url), ip: request.ip };
        },
      },
    },
    stream,
  );
}

const nothing = (): void => {};

/**
 * pino's logger at level `silent`, as the server uses it: every level's method does nothing, a child
 * is the same logger, no level is enabled. Fastify takes it as its `loggerInstance` (it checks for the
 * level methods and `child`).
 */
const SILENT = {
  level: 'silent',
  fatal: nothing,
  error: nothing,
  warn: nothing,
  info: nothing,
  debug: nothing,
  trace: nothing,
  silent: nothing,
  child: () => SILENT,
  isLevelEnabled: () => false,
  bindings: () => ({}),
  setBindings: nothing,
  flush: nothing,
} as unknown as Logger;
