/**
 * The `entities` / `caption_entities` parameter: read as the reference server reads it (TBA Client.cpp
 * get_text_entity / get_text_entity_type, reference §7.1), then converted as TDLib converts td_api entities
 * (TD MessageEntity.cpp get_message_entities).
 *
 * Malformed JSON or a non-array value is ignored. An item that can't be read fails the request with
 * "can't parse MessageEntity: ...". Entity types the platform detects by itself are dropped, because they
 * are detected again in the final text.
 */
import type { Entity } from './entity.js';
import { dateFlagsFromEntityFormat } from './formatted-date.js';
import { messageEntityError, tdlibError } from './formatting-error.js';
import { toIntegerSafe } from './integers.js';
import { getMember, JSON_TYPE_NAMES, parseJson, type JsonValue } from './json-value.js';
import { checkLink, getLinkUserId } from './links.js';

type JsonObject = Extract<JsonValue, { kind: 'object' }>;

const DETECTED_TYPES = new Set([
  'mention',
  'hashtag',
  'cashtag',
  'bot_command',
  'url',
  'email',
  'phone_number',
  'bank_card_number',
]);

const PLAIN_TYPES = new Set([
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'spoiler',
  'code',
  'blockquote',
  'expandable_blockquote',
]);

/** td::JsonObject::get_required_int_field / get_required_long_field. */
function requiredInteger(object: JsonObject, name: string, bits: 32 | 64): bigint {
  const value = getMember(object, name);
  if (value === undefined) throw messageEntityError(`Can't find field "${name}"`);
  let text: string;
  if (value.kind === 'string') text = value.value;
  else if (value.kind === 'number') text = value.text;
  else throw messageEntityError(`Field "${name}" must be a Number`);
  const integer = toIntegerSafe(text, bits);
  if (integer === undefined) throw messageEntityError(`Field "${name}" must be a valid Number`);
  return integer;
}

/** td::JsonObject::get_required_string_field / get_optional_string_field: numbers are read as their text. */
function stringField(object: JsonObject, name: string, required: boolean): string {
  const value = getMember(object, name);
  if (value === undefined) {
    if (required) throw messageEntityError(`Can't find field "${name}"`);
    return '';
  }
  if (value.kind === 'string') return value.value;
  if (value.kind === 'number') return value.text;
  throw messageEntityError(`Field "${name}" must be of type String`);
}

/** A supplied entity after the reference server read it, before TDLib checks its contents. */
interface ReadEntity {
  entity: Entity;
  /** text_link: the URL as given, checked later */
  rawUrl?: string;
}

/** get_text_entity: one array item; undefined for the auto-detected types. */
function readEntity(item: JsonValue): ReadEntity | undefined {
  if (item.kind !== 'object') throw messageEntityError('expected an Object');
  const offset = Number(requiredInteger(item, 'offset', 32));
  const length = Number(requiredInteger(item, 'length', 32));
  const type = stringField(item, 'type', true);
  if (type === '') throw messageEntityError('Type is not specified');
  const base = { offset, length };

  if (PLAIN_TYPES.has(type)) return { entity: { type: type as Entity['type'], ...base } };
  switch (type) {
    case 'pre': {
      const language = stringField(item, 'language', false);
      return { entity: language === '' ? { type: 'pre', ...base } : { type: 'pre_code', ...base, language } };
    }
    case 'text_link':
      return { entity: { type: 'text_link', ...base }, rawUrl: stringField(item, 'url', true) };
    case 'text_mention': {
      const user = getMember(item, 'user');
      if (user === undefined) throw messageEntityError(`Can't find field "user"`);
      if (user.kind !== 'object')
        throw messageEntityError(`Field "user" must be of type ${JSON_TYPE_NAMES.object}`);
      const id = requiredInteger(user, 'id', 64);
      return { entity: { type: 'text_mention', ...base, userId: Number(id) } };
    }
    case 'custom_emoji': {
      const id = requiredInteger(item, 'custom_emoji_id', 64);
      return { entity: { type: 'custom_emoji', ...base, customEmojiId: id.toString() } };
    }
    case 'date_time': {
      const unixTime = Number(requiredInteger(item, 'unix_time', 32));
      const flags = dateFlagsFromEntityFormat(stringField(item, 'date_time_format', false));
      if (flags === undefined) throw messageEntityError('Invalid date-time format specified');
      return { entity: { type: 'date_time', ...base, date: { unixTime, flags } } };
    }
  }
  if (DETECTED_TYPES.has(type)) return undefined;
  throw messageEntityError('Unsupported type specified');
}

/**
 * Reads the raw JSON of `entities`; throws FormattingError for an unreadable item or, as TDLib does when
 * the message is sent, for an invalid URL, custom emoji id or date.
 */
export function readSuppliedEntities(entitiesJson: string | undefined): Entity[] {
  if (entitiesJson === undefined || entitiesJson === '') return [];
  const value = parseJson(entitiesJson);
  if (value?.kind !== 'array') return [];
  const read = value.items.map(readEntity).filter((item) => item !== undefined);

  return read.map(({ entity, rawUrl }) => {
    if (entity.type === 'text_link' && rawUrl !== undefined) {
      const userId = getLinkUserId(rawUrl);
      if (userId !== undefined)
        return { type: 'text_mention', offset: entity.offset, length: entity.length, userId };
      const checked = checkLink(rawUrl);
      if (!checked.ok) throw tdlibError(`Entity ${checked.error}`);
      return { ...entity, url: checked.value };
    }
    if (entity.type === 'custom_emoji' && entity.customEmojiId === '0') {
      throw tdlibError('Invalid custom emoji identifier specified');
    }
    if (entity.type === 'date_time' && (entity.date?.unixTime ?? 0) <= 0)
      throw tdlibError('Invalid date specified');
    return entity;
  });
}
