/**
 * Structured logs (pino). Bot tokens appear in request paths (`/bot<token>/...`,
 * `/file/bot<token>/...`) and access tokens in query strings; the serializers remove them, so no
 * secret reaches a log line.
 */
import { pino, type Logger } from 'pino';

const TOKEN_IN_PATH = /\/bot[^/?]*/g;
const SECRET_PARAMS = /([?&](?:access_token|secret_token|token)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '/bot<redacted>').replace(SECRET_PARAMS, '$1<redacted>');
}

export function createLogger(level: string, stream?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { service: 'parley' },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["x-service-bot-api-secret-token"]',
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
    stream ?? process.stdout,
  );
}
