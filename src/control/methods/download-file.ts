import { stat } from 'node:fs/promises';
import { BinaryAnswer } from '../binary-answer.js';
import { ControlError, type RouteContext } from '../control-context.js';
import type { PersonFileMiss } from '../../platform/messages/person-files.js';

const MISSES: Record<PersonFileMiss, string> = {
  no_file: 'the message has no file',
  not_in_message: 'the message has no file with that file_id (as the person sees it)',
  unknown_file_id:
    "no file with that file_id: it is not one the person was shown (each viewer's file_ids are its own)",
};

/**
 * GET /control/files: a person downloads a file they see: the file of a message (`chat` and
 * `message_id`; `file_id` picks one of its files, such as a smaller photo size or a thumbnail), or
 * a file by the `file_id` they see it under. Answers the bytes with the file's Content-Type, not the
 * JSON envelope; errors answer the envelope as everywhere (404 FILE_NOT_FOUND when there is no such
 * file for that person). The person's file_id of the file is in `X-Parley-File-Id`, its name (if it
 * has one) in Content-Disposition.
 */
export async function downloadFile({ platform, input }: RouteContext<'downloadFile'>) {
  const { chat, message_id: messageId, file_id: fileId } = input;
  if (chat === undefined && fileId === undefined) {
    throw new ControlError(400, 'BAD_REQUEST', 'give chat and message_id, or file_id');
  }
  if ((chat === undefined) !== (messageId === undefined)) {
    throw new ControlError(400, 'BAD_REQUEST', 'chat and message_id go together');
  }
  const found = await platform.personFiles.find(input.user, { chat, messageId, fileId });
  if (typeof found === 'string') throw new ControlError(404, 'FILE_NOT_FOUND', MISSES[found]);

  const { file } = found;
  const path = platform.files.absolutePath(file);
  const size = await stat(path).then(
    (info) => info.size,
    () => undefined,
  );
  if (size === undefined) {
    throw new ControlError(404, 'FILE_NOT_FOUND', "the file's bytes are missing from the data folder");
  }
  const headers: Record<string, string> = {
    'content-type': file.mime_type ?? 'application/octet-stream',
    'content-length': String(size),
    'x-parley-file-id': found.fileId,
    'x-parley-file-unique-id': file.unique_id,
  };
  if (file.file_name) headers['content-disposition'] = contentDisposition(file.file_name);
  return new BinaryAnswer(platform.files.open(file), headers);
}

/** `attachment` with the name as ASCII (quotes and non-ASCII replaced) and as RFC 5987 UTF-8. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
