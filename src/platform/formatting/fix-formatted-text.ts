/**
 * What TDLib does to every outgoing text before it is sent (fix_formatted_text, TD MessageEntity.cpp):
 * validate entity bounds, clean the text (control characters become spaces, '\r' and a few invisible
 * characters are removed, entities shift accordingly), fix nesting, trim leading and trailing spaces and
 * line breaks, reject an empty result and add the auto-detected entities.
 */
import { entityEnd, MAX_USER_ID, sortEntities, type Entity, type ParsedText } from './entity.js';
import { findEntities } from './detect-entities.js';
import { fixEntities, mergeNewEntities } from './fix-entities.js';
import { tdlibError } from './formatting-error.js';
import { codePointAt, isWellFormed, utf16Width, utf8Length } from './utf16.js';

export interface FixOptions {
  /** Captions may be empty; message texts may not. */
  allowEmpty: boolean;
}

/** Characters clean_input_string drops: U+2028-U+202E and three combining vertical lines. */
function isRemovedCharacter(code: number): boolean {
  return (
    code === 0x0d || (code >= 0x2028 && code <= 0x202e) || code === 0x333 || code === 0x33f || code === 0x30a
  );
}

/** replace_offending_characters: in a run of LRM/RLM marks all but the last become ZWNJ. */
function replaceOffendingCharacters(text: string): string {
  if (!text.includes('\u200e') && !text.includes('\u200f')) return text;
  return text.replace(/[\u200e\u200f]+/g, (run) => '\u200c'.repeat(run.length - 1) + run.at(-1)!);
}

/**
 * clean_input_string_with_entities: cleans the text and moves the (sorted, nested) entities with it,
 * failing when an entity boundary is inside a surrogate pair or past the end of the text.
 */
function cleanWithEntities(text: string, entities: Entity[]): string {
  const stack: Array<{ entity: Entity; skippedBefore: number }> = [];
  const output: string[] = [];
  let next = 0;
  let skipped = 0;
  let bytePosition = 0;
  for (let position = 0; ;) {
    while (stack.length > 0) {
      const { entity, skippedBefore } = stack.at(-1)!;
      const end = entityEnd(entity);
      if (position < end) break;
      if (position !== end) {
        throw tdlibError(
          `Entity beginning at UTF-16 offset ${entity.offset} ends in a middle of a UTF-16 symbol at byte offset ${bytePosition}`,
        );
      }
      entity.offset -= skippedBefore;
      entity.length -= skipped - skippedBefore;
      stack.pop();
    }
    while (next < entities.length && position >= entities[next]!.offset) {
      if (position !== entities[next]!.offset) {
        throw tdlibError(`Entity begins in a middle of a UTF-16 symbol at byte offset ${bytePosition}`);
      }
      stack.push({ entity: entities[next++]!, skippedBefore: skipped });
    }
    if (position >= text.length) break;

    const code = codePointAt(text, position);
    const width = utf16Width(code);
    if (isRemovedCharacter(code)) skipped += width;
    else if (code <= 0x20 && code !== 0x0a) output.push(' ');
    else output.push(text.slice(position, position + width));
    position += width;
    bytePosition += utf8Length(text, position - width, position);
  }
  if (next < entities.length) {
    throw tdlibError(`Entity begins after the end of the text at UTF-16 offset ${entities[next]!.offset}`);
  }
  const open = stack.at(-1);
  if (open !== undefined) {
    throw tdlibError(
      `Entity beginning at UTF-16 offset ${open.entity.offset} ends after the end of the text at UTF-16 offset ${entityEnd(open.entity)}`,
    );
  }
  return replaceOffendingCharacters(output.join(''));
}

/** What `clean` changes: control characters, '\r', U+2028-U+202E, three combining marks, LRM, RLM. */
// eslint-disable-next-line no-control-regex, no-misleading-character-class -- control characters and lone combining marks are what it looks for
const NEEDS_CLEANING = /[\x00-\x09\x0b-\x1f\u2028-\u202e\u0333\u033f\u030a\u200e\u200f]/;

/** clean_input_string for a text without entities. */
function clean(text: string): string {
  // Most texts have nothing to clean: answer them without copying.
  if (!NEEDS_CLEANING.test(text)) return text;
  let output = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (isRemovedCharacter(code)) continue;
    output += code <= 0x20 && code !== 0x0a ? ' ' : character;
  }
  return replaceOffendingCharacters(output);
}

/** remove_empty_entities: drops entities without text or without a valid argument. */
export function removeEmptyEntities(entities: Entity[]): Entity[] {
  return entities.filter((entity) => {
    if (entity.length <= 0) return false;
    switch (entity.type) {
      case 'text_link':
        return (entity.url ?? '') !== '';
      case 'text_mention':
        return entity.userId !== undefined && entity.userId > 0 && entity.userId <= MAX_USER_ID;
      case 'custom_emoji':
        return (entity.customEmojiId ?? '0') !== '0';
      case 'date_time':
        return (entity.date?.unixTime ?? 0) > 0;
      default:
        return true;
    }
  });
}

/** Characters strip_empty_characters treats as spaces (the text is already cleaned of \t, \r and the like). */
const SPACE_LIKE = /[\u1680\u180e\u2000-\u200a\u202f\u205f\u2800\u3000\ufffc\u{e0000}-\u{e007f}]/gu;
/** Characters that don't make a text non-empty. */
const INVISIBLE = /^[ \n\u200b-\u200f\u202e\ufeff\u00a0]*$/;

/** is_empty_string: nothing but spaces and invisible characters. */
function isEmptyString(text: string): boolean {
  // Any printable ASCII character makes a text non-empty; only the rest needs the full check.
  if (/[!-~]/.test(text)) return false;
  return INVISIBLE.test(text.replace(SPACE_LIKE, ' '));
}

/** fix_formatted_text as used for bots: trimming on, auto-detection on, media timestamps off. */
export function fixFormattedText(parsed: ParsedText, options: FixOptions): ParsedText {
  if (!isWellFormed(parsed.text)) throw tdlibError('Strings must be encoded in UTF-8');
  let entities = parsed.entities.map((entity) => ({ ...entity }));
  let text: string;
  if (entities.length === 0) {
    text = clean(parsed.text);
  } else {
    for (const entity of entities) {
      if (entity.offset < 0 || entity.offset > 1_000_000) {
        throw tdlibError(`Receive an entity with incorrect offset ${entity.offset}`);
      }
      if (entity.length < 0 || entity.length > 1_000_000) {
        throw tdlibError(`Receive an entity with incorrect length ${entity.length}`);
      }
    }
    entities = fixEntities(removeEmptyEntities(entities));
    text = cleanWithEntities(parsed.text, entities);
  }

  // the last UTF-16 unit that is neither a space nor a line break
  let last = text.length - 1;
  while (last >= 0 && (text[last] === ' ' || text[last] === '\n')) last--;
  if (last < 0) {
    if (options.allowEmpty) return { text: '', entities: [] };
    throw tdlibError('Text must be non-empty');
  }
  // a text without entities (most texts bots send) skips the entity passes, which would change nothing
  if (entities.length > 0) entities = fixEntities(removeEmptyEntities(entities));

  // right trim: entities in the removed tail go, entities reaching into it are shortened
  text = text.slice(0, last + 1);
  if (entities.length > 0) {
    entities = entities.filter((entity) => entity.offset <= last);
    for (const entity of entities) entity.length = Math.min(entity.length, last + 1 - entity.offset);
    sortEntities(entities);
  }

  // left trim, but never into the first entity
  const firstEntityOffset = entities[0]?.offset ?? text.length;
  let first = 0;
  while (first < firstEntityOffset && (text[first] === ' ' || text[first] === '\n')) first++;
  if (first > 0) {
    text = text.slice(first);
    for (const entity of entities) entity.offset -= first;
  }

  if (isEmptyString(text) && !options.allowEmpty) throw tdlibError('Text must be non-empty');

  return { text, entities: mergeNewEntities(entities, findEntities(text)) };
}
