/**
 * Entities as the formatting pipeline holds them, and their conversion to the Bot API MessageEntity.
 *
 * Internally `pre` with a language is TDLib's separate PreCode type: it sorts and nests differently from a
 * plain `pre`, so the two are kept apart until the entity is written out.
 */
import { dateTimeFormatString, type FormattedDate } from './formatted-date.js';

/** A Bot API MessageEntity; offset and length count UTF-16 code units. */
export interface MessageEntity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  user?: { id: number };
  language?: string;
  custom_emoji_id?: string;
  unix_time?: number;
  date_time_format?: string;
}

export type EntityType =
  | 'mention'
  | 'hashtag'
  | 'cashtag'
  | 'bot_command'
  | 'url'
  | 'email'
  | 'phone_number'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strikethrough'
  | 'spoiler'
  | 'code'
  | 'pre'
  | 'pre_code'
  | 'text_link'
  | 'text_mention'
  | 'custom_emoji'
  | 'blockquote'
  | 'expandable_blockquote'
  | 'date_time';

export interface Entity {
  type: EntityType;
  offset: number;
  length: number;
  /** text_link */
  url?: string;
  /** text_mention */
  userId?: number;
  /** pre_code, and the language a <code> tag carries while HTML is parsed */
  language?: string;
  /** custom_emoji: a non-zero int64 in decimal */
  customEmojiId?: string;
  /** date_time */
  date?: FormattedDate;
}

/** The largest user id TDLib's UserId::is_valid accepts. */
export const MAX_USER_ID = 2 ** 40 - 1;

/** TD MessageEntity::get_type_priority: among entities with equal offset and length, lower sorts first. */
const PRIORITY: Record<EntityType, number> = {
  mention: 50,
  hashtag: 50,
  bot_command: 50,
  url: 50,
  email: 50,
  bold: 90,
  italic: 91,
  code: 20,
  pre: 11,
  pre_code: 10,
  text_link: 49,
  text_mention: 49,
  cashtag: 50,
  phone_number: 50,
  underline: 92,
  strikethrough: 93,
  blockquote: 0,
  spoiler: 94,
  custom_emoji: 99,
  expandable_blockquote: 0,
  date_time: 30,
};

/** The reference's entity order: by offset, longer first, then by type priority. */
export function compareEntities(a: Entity, b: Entity): number {
  return a.offset - b.offset || b.length - a.length || PRIORITY[a.type] - PRIORITY[b.type];
}

export function sortEntities(entities: Entity[]): Entity[] {
  return entities.sort(compareEntities);
}

export function entityEnd(entity: Entity): number {
  return entity.offset + entity.length;
}

/** Bold, italic, underline, strikethrough and spoiler may overlap anything and are split to nest. */
export const SPLITTABLE_TYPES = ['bold', 'italic', 'underline', 'strikethrough', 'spoiler'] as const;

export function isSplittable(type: EntityType): boolean {
  return (SPLITTABLE_TYPES as readonly EntityType[]).includes(type);
}

export function isBlockquote(type: EntityType): boolean {
  return type === 'blockquote' || type === 'expandable_blockquote';
}

/** Entities that can't contain anything (TDLib counts a formatted date among them). */
export function isPre(type: EntityType): boolean {
  return type === 'pre' || type === 'pre_code' || type === 'code' || type === 'date_time';
}

/** Entities that are never split and can't contain each other. */
export function isContinuous(type: EntityType): boolean {
  return !isSplittable(type) && !isBlockquote(type) && !isPre(type);
}

/** Writes an entity the way the Bot API returns it. */
export function toMessageEntity(entity: Entity): MessageEntity {
  const base = { offset: entity.offset, length: entity.length };
  switch (entity.type) {
    case 'pre_code':
      return { type: 'pre', ...base, language: entity.language ?? '' };
    case 'text_link':
      return { type: 'text_link', ...base, url: entity.url ?? '' };
    case 'text_mention':
      return { type: 'text_mention', ...base, user: { id: entity.userId ?? 0 } };
    case 'custom_emoji':
      return { type: 'custom_emoji', ...base, custom_emoji_id: entity.customEmojiId ?? '' };
    case 'date_time': {
      const format = dateTimeFormatString(entity.date?.flags ?? 0);
      return {
        type: 'date_time',
        ...base,
        unix_time: entity.date?.unixTime ?? 0,
        ...(format === undefined ? {} : { date_time_format: format }),
      };
    }
    default:
      return { type: entity.type, ...base };
  }
}

/** Text after markup removal and the entities found in it. */
export interface ParsedText {
  text: string;
  entities: Entity[];
}
