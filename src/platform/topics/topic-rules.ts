/**
 * The pure rules of forum topics (spec createForumTopic, ForumTopic): the six icon colours, how a
 * topic's name is cleaned (TDLib clean_name: control characters dropped, white space trimmed; more
 * than the documented 128 characters is refused, not cut as TDLib does: ADR 0071), and the ForumTopic
 * object.
 */
import type { ForumTopic } from '../../wire/bot-api-types.js';
import { PlatformError } from '../core/errors.js';
import { checkLength } from '../formatting/index.js';
import type { ForumTopicRow } from '../../storage/store.js';

/** The icon colours the spec allows: 0x6FB9F0, 0xFFD67E, 0xCB86DB, 0x8EEE98, 0xFF93B2, 0xFB6F5F. */
export const ICON_COLORS = [7322096, 16766590, 13338331, 9367192, 16749490, 16478047] as const;

export const TOPIC_NAME_MAX = 128;
/** The General topic's name until it is renamed. */
export const GENERAL_NAME = 'General';

/** A topic name as the platform keeps it; an empty one is refused ("title must be non-empty"). */
export function cleanTopicName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if (clean === '') throw new PlatformError('CHAT_TITLE_EMPTY', 'title must be non-empty');
  checkLength(clean, { field: 'topic name', min: 1, max: TOPIC_NAME_MAX });
  return clean;
}

/** The icon colour of a new topic: one of the six, or the first when none is given. */
export function iconColor(color: number | undefined): number {
  if (color === undefined) return ICON_COLORS[0];
  if (!(ICON_COLORS as readonly number[]).includes(color)) {
    throw new PlatformError(
      'TOPIC_ICON_COLOR_INVALID',
      `icon_color must be one of ${ICON_COLORS.join(', ')}`,
    );
  }
  return color;
}

/**
 * A custom emoji id as an icon: a decimal number (the form of every custom_emoji_id). The empty
 * string, which removes the icon, is kept as null.
 */
export function iconEmoji(id: string | undefined): string | null | undefined {
  if (id === undefined) return undefined;
  if (id === '') return null;
  if (!/^\d{1,20}$/.test(id))
    throw new PlatformError('BAD_REQUEST', 'icon_custom_emoji_id must be a custom emoji id');
  return id;
}

/** ForumTopic (spec): message_thread_id, name, icon_color, icon_custom_emoji_id when set. */
export function renderForumTopic(row: ForumTopicRow): ForumTopic {
  const wire: ForumTopic = {
    message_thread_id: row.thread_id,
    name: row.name,
    icon_color: row.icon_color,
  };
  if (row.icon_custom_emoji_id) wire.icon_custom_emoji_id = row.icon_custom_emoji_id;
  return wire;
}
