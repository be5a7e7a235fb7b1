/**
 * setPassportDataErrors' rules (ADR 0054): each PassportElementError a bot gives must name a source
 * that fits its element type (the JSON's lists per PassportElementError type) and hashes of what
 * the person shared with that bot, as Parley kept them (passport-elements.ts). Pure: the checks
 * answer a problem, which the platform throws as PASSPORT_ERROR_INVALID with it as data.
 */
import type { PlatformErrorData } from '../core/errors.js';
import {
  DATA_FIELDS,
  ERROR_SOURCES,
  hasData,
  type ElementType,
  type ErrorSource,
  type SharedElementHashes,
} from './passport-elements.js';

/** One PassportElementError as the Bot API read it (hashes still base64, as the bot gave them). */
export interface PassportElementError {
  source: ErrorSource;
  type: ElementType;
  message: string;
  field_name?: string;
  data_hash?: string;
  file_hash?: string;
  file_hashes?: string[];
  element_hash?: string;
}

/** Why an error was refused (PASSPORT_ERROR_INVALID's data); the Bot API's catalogue words it. */
export type PassportErrorProblem = PlatformErrorData['PASSPORT_ERROR_INVALID'];

/** Two base64 hashes name the same bytes (padding and alphabet aside). */
function sameHash(given: string | undefined, kept: string | undefined): boolean {
  if (given === undefined || kept === undefined) return false;
  return Buffer.from(given, 'base64').equals(Buffer.from(kept, 'base64'));
}

const someOf = (given: string, kept: string[] | undefined) => (kept ?? []).some((h) => sameHash(given, h));

/**
 * The problem of one error against the elements the person shared with the bot (by type), or
 * undefined when the error is acceptable.
 */
export function checkPassportError(
  error: PassportElementError,
  shared: ReadonlyMap<string, SharedElementHashes>,
): PassportErrorProblem | undefined {
  const { source, type } = error;
  if (!(ERROR_SOURCES[source] as readonly string[]).includes(type))
    return { problem: 'TYPE_INVALID', type, source };
  const element = shared.get(type);
  if (!element) return { problem: 'NOT_SHARED', type, source };
  const hashInvalid = (field: string) => ({ problem: 'HASH_INVALID', type, source, field }) as const;
  switch (source) {
    case 'data': {
      const fields: readonly string[] = hasData(type) ? DATA_FIELDS[type] : [];
      if (!fields.includes(error.field_name ?? '')) {
        return { problem: 'FIELD_NAME_INVALID', type, source, field: error.field_name ?? '' };
      }
      return sameHash(error.data_hash, element.data_hash) ? undefined : hashInvalid('data_hash');
    }
    case 'front_side':
    case 'reverse_side':
    case 'selfie':
      return sameHash(error.file_hash, element[source]) ? undefined : hashInvalid('file_hash');
    case 'file':
      return someOf(error.file_hash ?? '', element.files) ? undefined : hashInvalid('file_hash');
    case 'translation_file':
      return someOf(error.file_hash ?? '', element.translation) ? undefined : hashInvalid('file_hash');
    case 'files':
    case 'translation_files': {
      const hashes = error.file_hashes ?? [];
      if (hashes.length === 0) return { problem: 'FILE_HASHES_EMPTY', type, source };
      const kept = source === 'files' ? element.files : element.translation;
      return hashes.every((hash) => someOf(hash, kept)) ? undefined : hashInvalid('file_hashes');
    }
    case 'unspecified':
      return sameHash(error.element_hash, element.element_hash) ? undefined : hashInvalid('element_hash');
  }
}
