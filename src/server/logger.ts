/**
 * Structured logs (pino). Bot tokens appear in request paths (`/bot<token>/...`,
 * `/file/bot<token>/...`), access tokens, codes and secret tokens in query strings and headers; the
 * request serializer (`redactUrl`) and the redaction paths remove them, so no secret reaches a log
 * line. Per-request lines: http/request-log.ts.
 */
import { pino, type Logger } from 'pino';
import { redactUrl } from '../http/request-log.js';

/**
 * Silent loggers made, by stream: a silent logger writes nothing and the server changes no logger it
 * is given, so one serves every server of a process (issue 28: making one, its redaction compiled and
 * its caller looked up, was a sixth of a warm `createParley()`).
 */
const SILENT = new WeakMap<NodeJS.WritableStream, Logger>();

export function createLogger(level: string, stream: NodeJS.WritableStream = process.stdout): Logger {
  if (level !== 'silent') return newLogger(level, stream);
  let logger = SILENT.get(stream);
  if (logger === undefined) {
    logger = newLogger(level, stream);
    SILENT.set(stream, logger);
  }
  return logger;
}

function newLogger(level: string, stream: NodeJS.WritableStream): Logger {
  return pino(
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
