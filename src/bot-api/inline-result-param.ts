/**
 * One InlineQueryResult given as a JSON parameter (answerWebAppQuery, savePreparedInlineMessage,
 * answerGuestQuery; reference get_inline_query_result of one result): read and checked as each
 * result of answerInlineQuery is (inline-query-results.ts: its type's fields, its file_id, its id).
 */
import { botApiError } from './errors.js';
import { MAX_ID_BYTES, parseResult, ResultError, TDLIB_TYPE } from './inline-query-results.js';
import type { MethodContext } from './method-context.js';
import type { StoredResult } from '../platform/inline/inline-queries.js';

export async function readOneInlineResult(ctx: MethodContext, name = 'result'): Promise<StoredResult> {
  const { params, platform, botId } = ctx;
  const json = params.json(name);
  if (json === undefined) throw botApiError('INLINE_RESULT_NOT_SPECIFIED');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw botApiError('INLINE_RESULT_JSON_UNPARSABLE');
  }
  let stored: StoredResult;
  try {
    stored = parseResult(value);
  } catch (error) {
    if (error instanceof ResultError) {
      throw botApiError('UNPARSABLE', { object: 'inline query result', detail: error.message });
    }
    throw error;
  }
  const media = stored.send.media;
  if (media?.fileId !== undefined) {
    const file = await platform.files.byFileId(botId, media.fileId);
    if (!file) throw botApiError('REMOTE_FILE_ID_INVALID');
    if (file.file.kind !== media.kind) {
      const type = TDLIB_TYPE[file.file.kind] ?? 'Document';
      throw botApiError('FILE_TYPE_UNUSABLE', { type, as: TDLIB_TYPE[media.kind]! });
    }
  }
  const id = stored.result.id as string;
  if (id === '') throw botApiError('RESULT_ID_EMPTY');
  if (Buffer.byteLength(id) > MAX_ID_BYTES) throw botApiError('RESULT_ID_INVALID');
  return stored;
}
