import { BotApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { MAX_DOWNLOAD_SIZE } from '../../platform/files.js';

/**
 * getFile: a File object with the file_path to download it from `/file/bot<token>/<file_path>`.
 * Only file_ids issued to this bot are valid; files over 20 MB cannot be downloaded (the
 * reference's non-local mode). reference §5 and the getFile rows of §2.3.
 */
export async function getFile({ params, platform, botId }: MethodContext) {
  const fileId = params.string('file_id')?.trim();
  if (!fileId) throw BotApiError.badRequest('file_id not specified');
  const stored = await platform.files.byFileId(botId, fileId);
  if (!stored) throw BotApiError.badRequest('invalid file_id');
  const { file, ref } = stored;
  if (file.size > MAX_DOWNLOAD_SIZE) throw BotApiError.badRequest('file is too big');
  return {
    file_id: ref.file_id,
    file_unique_id: file.unique_id,
    file_size: file.size,
    file_path: ref.file_path,
  };
}
