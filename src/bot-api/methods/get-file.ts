import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { MAX_DOWNLOAD_SIZE } from '../../platform/files/files.js';

/**
 * getFile: a File object with the file_path to download it from `/file/bot<token>/<file_path>`.
 * Only this bot's file_ids are valid (ADR 0040); files over 20 MB cannot be downloaded (the
 * reference's non-local mode). reference §5 and the getFile rows of §2.3.
 */
export const getFile = defineMethod('getFile', async ({ values, platform, botId }) => {
  // The runner refuses an absent file_id; one of blanks only is no file_id either.
  const fileId = values.file_id.trim();
  if (!fileId) throw botApiError('FILE_ID_NOT_SPECIFIED');
  const found = await platform.files.byFileId(botId, fileId);
  if (!found) throw botApiError('FILE_ID_INVALID');
  if (found.file.size > MAX_DOWNLOAD_SIZE) throw botApiError('FILE_TOO_BIG');
  // A file the bot received (not uploaded) gets its file_path on the first getFile (ADR 0040).
  const { file, ref } = await platform.files.withPath(botId, found);
  return {
    file_id: ref.file_id,
    file_unique_id: file.unique_id,
    file_size: file.size,
    file_path: ref.file_path,
  };
});
