import { readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { PREPARED_BUTTON_TYPES } from '../../platform/web-apps/prepared-buttons.js';

/** The type fields of a KeyboardButton (spec KeyboardButton). */
const BUTTON_TYPES = [
  ...PREPARED_BUTTON_TYPES,
  'request_contact',
  'request_location',
  'request_poll',
  'web_app',
] as const;

const unparsable = (detail: string) => botApiError('UNPARSABLE', { object: 'keyboard button', detail });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** request_id: a signed 32-bit integer (spec KeyboardButtonRequestUsers, KeyboardButtonRequestChat). */
function requestId(request: Record<string, unknown>, field: string): number {
  const id = request.request_id;
  if (id === undefined) throw unparsable(`Can't find field "request_id"`);
  if (typeof id !== 'number' || !Number.isInteger(id) || id < -(2 ** 31) || id >= 2 ** 31) {
    throw unparsable(`Field "request_id" of "${field}" must be a valid Number`);
  }
  return id;
}

/**
 * savePreparedKeyboardButton: a request_users, request_chat or request_managed_bot button one
 * person's Mini App may use; PreparedKeyboardButton. reference/bot-api-10.1.json; ADR 0047.
 */
export const savePreparedKeyboardButton = defineMethod('savePreparedKeyboardButton', async (ctx) => {
  const userId = readUserId(ctx);
  // The runner has refused an absent button; its JSON is read here, with its own "can't parse" text.
  const value = ctx.params.parsedJson('button', 'keyboard button');
  if (!isObject(value)) throw unparsable('Object expected');
  if (typeof value.text !== 'string') throw unparsable(`Can't find field "text"`);
  const types = BUTTON_TYPES.filter((type) => value[type] !== undefined && value[type] !== false);
  const type = types[0];
  if (types.length !== 1 || !(PREPARED_BUTTON_TYPES as readonly string[]).includes(type!)) {
    throw botApiError('BUTTON_TYPE_INVALID');
  }
  const request = value[type!];
  if (!isObject(request)) throw unparsable(`Field "${type}" must be of type Object`);
  const button: Record<string, unknown> = { text: value.text, [type!]: request };
  if (type !== 'request_managed_bot') requestId(request, type!);
  if (type === 'request_users' && request.max_quantity !== undefined) {
    const max = request.max_quantity;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > 10) {
      throw botApiError('BUTTON_TYPE_INVALID');
    }
  }
  for (const extra of ['icon_custom_emoji_id', 'style'] as const)
    if (value[extra] !== undefined) button[extra] = value[extra];
  return ctx.platform.webApps.preparedButtons.save(ctx.botId, userId, button);
});
