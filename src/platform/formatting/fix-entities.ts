/**
 * Making a set of entities consistent, ported from TDLib's fix_entities, split_entities and
 * merge_new_entities (TD MessageEntity.cpp; nesting rules in reference §7.5):
 * - continuous entities (links, mentions, custom emoji...) and pre/code can't overlap each other; of two
 *   overlapping ones the first in sort order stays;
 * - block quotes can't overlap each other and may only contain whole continuous entities;
 * - splittable entities (bold, italic, underline, strikethrough, spoiler) of one type are merged where they
 *   touch, cut at the boundaries of every other entity so that everything nests, and dropped inside pre/code.
 */
import {
  SPLITTABLE_TYPES,
  entityEnd,
  isBlockquote,
  isContinuous,
  isPre,
  isSplittable,
  sortEntities,
  type Entity,
  type EntityType,
} from './entity.js';

function splittableIndex(type: EntityType): number {
  return (SPLITTABLE_TYPES as readonly EntityType[]).indexOf(type);
}

/** are_entities_valid: whether the sorted entities already nest as the rules require. */
function areEntitiesValid(entities: Entity[]): boolean {
  const endPositions = SPLITTABLE_TYPES.map(() => -1);
  const stack: Entity[] = [];
  const nestedTypes = new Set<EntityType>();
  for (const entity of entities) {
    while (stack.length > 0 && entity.offset >= entityEnd(stack.at(-1)!))
      nestedTypes.delete(stack.pop()!.type);
    const parent = stack.at(-1);
    if (parent !== undefined) {
      const nested = [...nestedTypes];
      if (entityEnd(entity) > entityEnd(parent)) return false;
      if (nestedTypes.has(entity.type)) return false;
      if (isPre(parent.type)) return false;
      if (isPre(entity.type) && nested.some((type) => !isBlockquote(type))) return false;
      if ((isContinuous(entity.type) || isBlockquote(entity.type)) && nested.some(isContinuous)) return false;
      if (isBlockquote(entity.type) && nested.some(isBlockquote)) return false;
      // an entity inside a splittable one may need the splittable one split
      if (nested.some(isSplittable)) return false;
    }
    if (isSplittable(entity.type)) {
      const index = splittableIndex(entity.type);
      // touching or overlapping entities of one type must be merged
      if (endPositions[index]! >= entity.offset) return false;
      endPositions[index] = entityEnd(entity);
    }
    stack.push(entity);
    nestedTypes.add(entity.type);
  }
  return true;
}

/** Keeps, of sorted entities, only those starting after every kept one ended (nested ones go too). */
function removeIntersectingEntities(entities: Entity[]): Entity[] {
  let lastEnd = 0;
  return entities.filter((entity) => {
    if (entity.offset < lastEnd) return false;
    lastEnd = entityEnd(entity);
    return true;
  });
}

/** Drops entities that overlap a block quote without lying wholly inside it. Both lists are disjoint. */
function removeEntitiesIntersectingBlockquote(entities: Entity[], quotes: Entity[]): Entity[] {
  let quoteIndex = 0;
  return entities.filter((entity) => {
    while (
      quoteIndex < quotes.length &&
      (!isBlockquote(quotes[quoteIndex]!.type) || entityEnd(quotes[quoteIndex]!) <= entity.offset)
    ) {
      quoteIndex++;
    }
    const quote = quotes[quoteIndex];
    if (quote === undefined) return true;
    const endsAfter = entityEnd(quote) < entityEnd(entity);
    const startsBefore = entity.offset < quote.offset && quote.offset < entityEnd(entity);
    return !endsAfter && !startsBefore;
  });
}

/**
 * split_entities: merges touching splittable entities of one type and cuts them at the start and end of
 * every other entity; pieces inside pre/code are dropped.
 */
function splitEntities(splittable: Entity[], others: Entity[]): Entity[] {
  const begin = SPLITTABLE_TYPES.map(() => 0);
  const end = SPLITTABLE_TYPES.map(() => 0);
  const result: Entity[] = [];
  let next = 0;

  const flush = (offset: number) => {
    SPLITTABLE_TYPES.forEach((type, index) => {
      // end === 0 means no open entity of this type
      if (end[index] === 0 || begin[index]! >= offset) return;
      if (end[index]! <= offset) {
        result.push({ type, offset: begin[index]!, length: end[index]! - begin[index]! });
        begin[index] = 0;
        end[index] = 0;
      } else {
        result.push({ type, offset: begin[index]!, length: offset - begin[index]! });
        begin[index] = offset;
      }
    });
  };
  const addUntil = (endOffset: number) => {
    for (; next < splittable.length && splittable[next]!.offset < endOffset; next++) {
      const entity = splittable[next]!;
      const index = splittableIndex(entity.type);
      if (entity.offset <= end[index]! && end[index] !== 0) {
        end[index] = Math.max(end[index]!, entityEnd(entity));
      } else {
        flush(entity.offset);
        begin[index] = entity.offset;
        end[index] = entityEnd(entity);
      }
    }
    flush(endOffset);
  };

  const stack: Entity[] = [];
  const addOffset = (offset: number) => {
    while (stack.length > 0 && offset >= entityEnd(stack.at(-1)!)) {
      const closing = stack.pop()!;
      const kept = result.length;
      addUntil(entityEnd(closing));
      if (isPre(closing.type)) result.length = kept;
    }
    addUntil(offset);
  };
  for (const other of others) {
    addOffset(other.offset);
    stack.push(other);
  }
  addOffset(Number.MAX_SAFE_INTEGER);
  return sortEntities(result);
}

function resplitEntities(splittable: Entity[], others: Entity[]): Entity[] {
  if (splittable.length === 0) return others;
  const split = splitEntities(splittable, others);
  return others.length === 0 ? split : sortEntities([...others, ...split]);
}

function partition(entities: Entity[]) {
  return {
    splittable: entities.filter((entity) => isSplittable(entity.type)),
    quotes: entities.filter((entity) => isBlockquote(entity.type)),
    continuous: entities.filter((entity) => !isSplittable(entity.type) && !isBlockquote(entity.type)),
  };
}

/** fix_entities: sorts the entities and makes them nest as the rules require. */
export function fixEntities(entities: Entity[]): Entity[] {
  sortEntities(entities);
  if (areEntitiesValid(entities)) return entities;
  const parts = partition(entities);
  let continuous = removeIntersectingEntities(parts.continuous);
  if (parts.quotes.length > 0) {
    const quotes = removeIntersectingEntities(parts.quotes);
    continuous = sortEntities([...removeEntitiesIntersectingBlockquote(continuous, quotes), ...quotes]);
  }
  return resplitEntities(parts.splittable, continuous);
}

/** merge_entities: adds the found entities that don't overlap an existing one. */
function mergeEntities(existing: Entity[], found: Entity[]): Entity[] {
  if (found.length === 0) return existing;
  if (existing.length === 0) return found;
  const result: Entity[] = [];
  let next = 0;
  for (const entity of existing) {
    while (next < found.length && entityEnd(found[next]!) <= entity.offset) result.push(found[next++]!);
    result.push(entity);
    while (next < found.length && found[next]!.offset < entityEnd(entity)) next++;
  }
  return result.concat(found.slice(next));
}

/** merge_new_entities: adds auto-detected entities to fixed ones, giving way to the existing ones. */
export function mergeNewEntities(entities: Entity[], found: Entity[]): Entity[] {
  if (found.length === 0) return entities;
  const parts = partition(entities);
  let continuous = mergeEntities(parts.continuous, removeEntitiesIntersectingBlockquote(found, parts.quotes));
  if (parts.quotes.length > 0) continuous = sortEntities([...continuous, ...parts.quotes]);
  return resplitEntities(parts.splittable, continuous);
}
