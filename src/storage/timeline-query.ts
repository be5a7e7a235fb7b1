/** The WHERE clause of a timeline query (ports/timeline.ts), the same on both adapters. */
import type { TimelineFilter } from './ports/timeline.js';

/** `q` as a LIKE pattern: its own `%`, `_` and `\` match themselves (`ESCAPE '\'`). */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The conditions and their values; `like` is the adapter's case-insensitive LIKE operator. */
export function timelineWhere(filter: TimelineFilter, like: string): { where: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (condition: string, ...items: unknown[]) => {
    conditions.push(condition);
    values.push(...items);
  };
  if (filter.botId !== undefined) add('bot_id = ?', filter.botId);
  if (filter.chatId !== undefined) add('chat_id = ?', filter.chatId);
  if (filter.personId !== undefined) add('person_id = ?', filter.personId);
  if (filter.kind !== undefined) add('kind = ?', filter.kind);
  if (filter.status !== undefined) add('status = ?', filter.status);
  if (filter.beforeId !== undefined) add('id < ?', filter.beforeId);
  if (filter.afterId !== undefined) add('id > ?', filter.afterId);
  if (filter.q !== undefined && filter.q !== '') {
    const pattern = likePattern(filter.q);
    add(
      `(summary ${like} ? ESCAPE '\\' OR request ${like} ? ESCAPE '\\' OR answer ${like} ? ESCAPE '\\')`,
      pattern,
      pattern,
      pattern,
    );
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', values };
}
