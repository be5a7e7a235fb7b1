/**
 * File download: GET (and HEAD) `/file/bot<token>/<file_path>` (spec/bot-api.md §4 "File
 * download", reference §5). The reference server leaves this to a web server in front of its
 * working directory; Parley serves it itself, with the Bot API's token check and envelopes:
 * - a bad token answers as a Bot API call would (401, or 421 for an unallowed token);
 * - a path that is not one of this bot's file_paths answers 404 `Not Found`, the reference's text
 *   for an unknown path (§2.3), also when the bytes are missing from disk;
 * - files over 20 MB answer 400 `Bad Request: file is too big`, as getFile does for them.
 * The token is part of the URL: the request's log line (http/request-log.ts) names no path, and the
 * logger's request serializer redacts it at debug.
 */
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticateToken, errorEnvelope } from './call-method.js';
import { send } from './bot-api-routes.js';
import { NOT_FOUND, botApiError } from './errors.js';
import { MAX_DOWNLOAD_SIZE } from '../platform/files/files.js';
import type { Platform } from '../platform/assembly/platform.js';
import type { RequestLog } from '../http/request-log.js';

export async function fileRoutes(
  app: FastifyInstance,
  { platform, requestLog }: { platform: Platform; requestLog: RequestLog },
): Promise<void> {
  requestLog.hooks(app, 'file', () => 'download');
  app.route({
    method: ['GET', 'HEAD'],
    url: '/file/bot*',
    exposeHeadRoute: false,
    handler: async (request, reply): Promise<FastifyReply> => {
      const rest = (request.params as { '*': string })['*'];
      const slash = rest.indexOf('/');
      if (slash <= 0) return send(reply, errorEnvelope(NOT_FOUND));
      const auth = await authenticateToken(platform, rest.slice(0, slash));
      if (typeof auth !== 'number') return send(reply, auth);

      const stored = await platform.files.byPath(auth, decodePath(rest.slice(slash + 1)));
      if (!stored) return send(reply, errorEnvelope(NOT_FOUND));
      if (stored.file.size > MAX_DOWNLOAD_SIZE) {
        return send(reply, errorEnvelope(botApiError('FILE_TOO_BIG')));
      }
      const filePath = platform.files.absolutePath(stored.file);
      const size = await stat(filePath).then(
        (info) => info.size,
        () => undefined,
      );
      if (size === undefined) return send(reply, errorEnvelope(NOT_FOUND));

      reply
        .code(200)
        .header('content-type', stored.file.mime_type ?? 'application/octet-stream')
        .header('content-length', String(size));
      if (request.method === 'HEAD') return reply.send();
      return reply.send(platform.files.open(stored.file));
    },
  });
}

/** The path is percent-decoded before lookup, as the reference decodes request paths (§1.1). */
function decodePath(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
