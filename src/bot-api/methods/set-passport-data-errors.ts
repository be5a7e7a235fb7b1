import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { isBase64, isElementType, isErrorSource } from '../../platform/passport/passport-elements.js';
import type { PassportElementError } from '../../platform/passport/passport-errors.js';

/** A PassportElementError refused while reading it: "can't parse PassportElementError: <detail>". */
const unparsable = (detail: string) => botApiError('UNPARSABLE', { object: 'PassportElementError', detail });

/** The reference's string field reader: a string, or a number as its text; else its texts. */
function stringField(object: Record<string, unknown>, name: string, optional = false): string {
  const value = object[name];
  if (value === undefined) {
    if (optional) return '';
    throw unparsable(`Can't find field "${name}"`);
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw unparsable(`Field "${name}" must be of type String`);
}

/** A hash the bot gives (base64, as td::is_base64 takes it). */
function hashField(object: Record<string, unknown>, name: string): string {
  const hash = stringField(object, name);
  if (!isBase64(hash)) throw unparsable("hash isn't a valid base64-encoded string");
  return hash;
}

/**
 * One PassportElementError as the reference server reads it (Client.cpp
 * get_passport_element_error): type, message, then the source's fields; an absent or empty source
 * is `unspecified`.
 */
function readError(value: unknown): PassportElementError {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw unparsable('expected an Object');
  const object = value as Record<string, unknown>;
  const type = stringField(object, 'type');
  if (!isElementType(type)) throw unparsable('wrong Telegram Passport element type specified');
  const message = stringField(object, 'message');
  const given = stringField(object, 'source', true);
  const source = given === '' ? 'unspecified' : given;
  if (!isErrorSource(source)) throw unparsable('wrong source specified');
  const error: PassportElementError = { source, type, message };
  switch (source) {
    case 'unspecified':
      error.element_hash = hashField(object, 'element_hash');
      break;
    case 'data':
      error.data_hash = hashField(object, 'data_hash');
      error.field_name = stringField(object, 'field_name');
      break;
    case 'files':
    case 'translation_files': {
      const list = object.file_hashes;
      if (list === undefined) throw unparsable('Can\'t find field "file_hashes"');
      if (!Array.isArray(list)) throw unparsable('Field "file_hashes" must be of type Array');
      error.file_hashes = list.map((hash: unknown) => {
        if (typeof hash !== 'string') throw unparsable('hash must be a string');
        if (!isBase64(hash)) throw unparsable("hash isn't a valid base64-encoded string");
        return hash;
      });
      break;
    }
    default:
      error.file_hash = hashField(object, 'file_hash');
  }
  return error;
}

/**
 * setPassportDataErrors: errors in the Passport elements a person shared with the bot, which the
 * person sees (control API `GET /control/passport/errors`) until they share those elements again.
 * Each error must name hashes of what the person shared with this bot (ADR 0054). Returns True.
 * The runner has refused a call without user_id or errors (ADR 0084).
 */
export const setPassportDataErrors = defineMethod('setPassportDataErrors', async (ctx) => {
  const { params, platform, botId } = ctx;
  const { user_id: userId } = ctx.values;
  if (userId <= 0) throw botApiError('USER_ID_INVALID');
  // errors is JSON: its own reader.
  const value = params.parsedJson('errors', 'errors');
  if (!Array.isArray(value)) throw botApiError('ARRAY_EXPECTED', { of: 'PassportElementError' });
  const errors = value.map(readError);
  await platform.passport.setErrors(botId, userId, errors);
  return true;
});
