/**
 * reply_markup and reply_parameters as the reference reads them: JSON text, checked field by field
 * with the reference's error texts. An inline keyboard is part of the Message; reply keyboards,
 * keyboard removal and force reply are shown by the recipient's client only.
 */
import { BotApiError, botApiError } from './errors.js';
import type { Params } from './params.js';

const INLINE_BUTTON_KINDS = [
  'url',
  'callback_data',
  'web_app',
  'login_url',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'copy_text',
  'callback_game',
  'pay',
  // 10.3 (@grammyjs/types 5.0.0): a button that does nothing (ADR 0089).
  'disabled',
] as const;

export type ParsedMarkup =
  | {
      kind: 'inline';
      markup: { inline_keyboard: Array<Array<Record<string, unknown>>>; force_reply?: true };
    }
  | { kind: 'client'; markup: Record<string, unknown> };

const buttonError = (detail: string) =>
  botApiError('UNPARSABLE', { object: 'inline keyboard button', detail });
const keyboardButtonError = (detail: string) =>
  botApiError('UNPARSABLE', { object: 'keyboard button', detail });
const markupError = () => botApiError('JSON_UNPARSABLE', { object: 'reply keyboard markup' });
const replyParametersError = (detail: string) =>
  botApiError('UNPARSABLE', { object: 'reply parameters', detail });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(object: Record<string, unknown>, name: string, type: 'String' | 'Boolean' | 'Array'): unknown {
  const value = object[name];
  if (value === undefined) return undefined;
  const ok =
    type === 'String'
      ? typeof value === 'string' || typeof value === 'number'
      : type === 'Boolean'
        ? typeof value === 'boolean'
        : Array.isArray(value);
  if (!ok) throw new Error(`Field "${name}" must be of type ${type}`);
  return type === 'String' ? String(value) : value;
}

function rows(value: unknown, name: string): unknown[][] {
  if (!Array.isArray(value)) throw new Error(`Field "${name}" must be of type Array`);
  return value.map((row) => {
    if (!Array.isArray(row)) throw new Error(`Field "${name}" must be of type Array`);
    return row;
  });
}

function inlineButton(value: unknown): Record<string, unknown> {
  if (!isObject(value)) throw buttonError('Object expected');
  let text: unknown;
  try {
    text = field(value, 'text', 'String');
  } catch (error) {
    throw buttonError((error as Error).message);
  }
  if (text === undefined) throw buttonError('Can\'t find field "text"');
  const kinds = INLINE_BUTTON_KINDS.filter((kind) => value[kind] !== undefined);
  if (kinds.length === 0) throw buttonError('Text buttons are unallowed in the inline keyboard');
  const button: Record<string, unknown> = { text };
  for (const kind of kinds) button[kind] = value[kind];
  if (typeof value.callback_data === 'string' || typeof value.callback_data === 'number') {
    const data = String(value.callback_data);
    const bytes = Buffer.byteLength(data);
    if (bytes === 0 || bytes > 64) throw botApiError('BUTTON_DATA_INVALID');
    button.callback_data = data;
  }
  if (value.url !== undefined) {
    const url = String(value.url);
    if (!/^(https?|tg):\/\/\S+$/i.test(url)) throw botApiError('BUTTON_URL_INVALID', { url });
  }
  for (const extra of ['icon_custom_emoji_id', 'style'] as const)
    if (value[extra] !== undefined) button[extra] = value[extra];
  if (value.web_app !== undefined) button.web_app = webApp(value.web_app, buttonError);
  if (value.disabled !== undefined) {
    if (!isObject(value.disabled)) throw buttonError('Field "disabled" must be of type Object');
    button.disabled = {};
  }
  return button;
}

/** Whether a parsed markup has a web_app button (those are for private chats only, ADR 0047). */
export function hasWebAppButton(markup: ParsedMarkup): boolean {
  const value = markup.markup as Record<string, unknown>;
  const rows = value.inline_keyboard ?? value.keyboard;
  if (!Array.isArray(rows)) return false;
  return rows.some((row) => Array.isArray(row) && row.some((b) => isObject(b) && b.web_app !== undefined));
}

/** A button's WebAppInfo: an object with an HTTPS url (ADR 0047). */
function webApp(value: unknown, error: (detail: string) => BotApiError): { url: string } {
  if (!isObject(value)) throw error('Field "web_app" must be of type Object');
  if (typeof value.url !== 'string') throw error('Can\'t find field "url"');
  if (!/^https:\/\/\S+$/i.test(value.url))
    throw botApiError('WEB_APP_BUTTON_URL_INVALID', { url: value.url });
  return { url: value.url };
}

function keyboardButton(value: unknown): Record<string, unknown> | string {
  if (typeof value === 'string') return value;
  if (!isObject(value)) throw keyboardButtonError('Object expected');
  if (typeof value.text !== 'string') throw keyboardButtonError('Can\'t find field "text"');
  if (value.web_app !== undefined) return { ...value, web_app: webApp(value.web_app, keyboardButtonError) };
  return value;
}

/** Parses the reply_markup parameter; undefined when absent. */
export function parseReplyMarkup(params: Params, name = 'reply_markup'): ParsedMarkup | undefined {
  const text = params.json(name);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw markupError();
  }
  if (!isObject(value)) throw botApiError('OBJECT_EXPECTED', { object: 'reply markup' });
  try {
    if (value.inline_keyboard !== undefined) {
      const keyboard = rows(value.inline_keyboard, 'inline_keyboard').map((row) => row.map(inlineButton));
      // 10.3: force_reply beside an inline keyboard (ADR 0089); kept through edits (message-edits.ts).
      const forceReply =
        field(value, 'force_reply', 'Boolean') === true ? { force_reply: true as const } : {};
      return { kind: 'inline', markup: { inline_keyboard: keyboard, ...forceReply } };
    }
    if (value.keyboard !== undefined) {
      const keyboard = rows(value.keyboard, 'keyboard').map((row) => row.map(keyboardButton));
      const markup: Record<string, unknown> = { keyboard };
      const flags = [
        'is_persistent',
        'resize_keyboard',
        'one_time_keyboard',
        'selective',
        'force_reply',
      ] as const;
      for (const key of flags) {
        if (field(value, key, 'Boolean') !== undefined) markup[key] = value[key];
      }
      const placeholder = field(value, 'input_field_placeholder', 'String');
      if (placeholder !== undefined) markup.input_field_placeholder = placeholder;
      return { kind: 'client', markup };
    }
    if (value.remove_keyboard !== undefined) {
      if (value.remove_keyboard !== true) throw new Error('Field "remove_keyboard" must be of type Boolean');
      return {
        kind: 'client',
        markup: { remove_keyboard: true, ...(value.selective === true ? { selective: true } : {}) },
      };
    }
    if (value.force_reply !== undefined) {
      if (value.force_reply !== true) throw new Error('Field "force_reply" must be of type Boolean');
      const markup: Record<string, unknown> = { force_reply: true };
      if (value.input_field_placeholder !== undefined)
        markup.input_field_placeholder = String(value.input_field_placeholder);
      if (value.selective === true) markup.selective = true;
      return { kind: 'client', markup };
    }
  } catch (error) {
    if (error instanceof BotApiError) throw error;
    const detail = (error as Error).message;
    throw botApiError('UNPARSABLE', { object: 'reply keyboard markup JSON object', detail });
  }
  throw markupError();
}

export interface ReplyTarget {
  messageId: number;
  allowWithout: boolean;
  /** Another chat to reply in, when given. */
  chatId?: number | string;
  /** An incoming ephemeral message replied to (then messageId is 0). */
  ephemeralMessageId?: number;
}

/**
 * reply_parameters, or the legacy reply_to_message_id / allow_sending_without_reply when
 * reply_parameters is absent (reference §1.4).
 */
export function parseReplyParameters(params: Params): ReplyTarget | undefined {
  const text = params.json('reply_parameters');
  if (text === undefined) {
    const legacy = params.int('reply_to_message_id');
    if (legacy === undefined || legacy <= 0) return undefined;
    return { messageId: legacy, allowWithout: params.bool('allow_sending_without_reply') };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw botApiError('JSON_UNPARSABLE', { object: 'reply parameters' });
  }
  if (!isObject(value)) throw botApiError('OBJECT_EXPECTED', { object: 'reply parameters' });
  const id = value.message_id;
  // 10.2: a reply to an incoming ephemeral message names it by ephemeral_message_id (ADR 0076).
  const ephemeral = value.ephemeral_message_id;
  if (id === undefined && typeof ephemeral === 'number' && Number.isInteger(ephemeral)) {
    return { messageId: 0, allowWithout: false, ephemeralMessageId: ephemeral };
  }
  if (id === undefined) throw replyParametersError('Can\'t find field "message_id"');
  const messageId =
    typeof id === 'number' ? id : typeof id === 'string' && /^-?\d+$/.test(id) ? Number(id) : NaN;
  if (!Number.isInteger(messageId)) throw replyParametersError('Field "message_id" must be a valid Number');
  const target: ReplyTarget = { messageId, allowWithout: value.allow_sending_without_reply === true };
  if (value.chat_id !== undefined) target.chatId = value.chat_id as number | string;
  return target;
}
