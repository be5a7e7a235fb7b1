import { stat } from 'node:fs/promises';
import type { FileRow } from '../../storage/store.js';
import { WebError, WebFile, positive, text, type WebContext } from '../web-context.js';

/**
 * GET /web/api/files?chat=&message_id=[&file_id=]: a file of a message the person sees (its main
 * file, the largest photo size for a photo; `file_id` picks another), as bytes with its type.
 * GET /web/api/files?file_id=: a file by the file_id the person sees it under, as the control API's
 * `GET /control/files?file_id=` takes it: a rich message's media (ADR 0095), which are not among a
 * message's own fields. A person's file_id names only files the platform showed them (ADR 0040).
 */
export async function downloadFile({ platform, session, input }: WebContext) {
  const chat = text(input, 'chat');
  const fileId = text(input, 'file_id');
  const query =
    chat === undefined && fileId !== undefined
      ? { fileId }
      : { chat: text(input, 'chat', true), messageId: positive(input, 'message_id', true), fileId };
  const found = await platform.personFiles.find(String(session.userId), query);
  if (typeof found === 'string') throw new WebError(404, 'FILE_NOT_FOUND', 'no such file in that message');
  return fileAnswer(platform, found.file);
}

/**
 * A stored file's bytes as the answer, with its type; 404 when its bytes are gone. `cache`: its
 * cache-control (a file that a name may stop meaning, a profile photo, is asked for again).
 */
export async function fileAnswer(
  platform: WebContext['platform'],
  file: FileRow,
  cache = 'private, max-age=3600',
): Promise<WebFile> {
  const path = platform.files.absolutePath(file);
  const size = await stat(path).then(
    (info) => info.size,
    () => undefined,
  );
  if (size === undefined) throw new WebError(404, 'FILE_NOT_FOUND', "the file's bytes are missing");
  return new WebFile(platform.files.open(file), {
    'content-type': file.mime_type ?? 'application/octet-stream',
    'content-length': String(size),
    'cache-control': cache,
  });
}
