/**
 * Date-time formats of `date_time` entities (TD FormattedDate.cpp). A format is kept as TDLib's flag set
 * and written back the way the Bot API documents it: "r", or w?[dD]?[tT]?.
 */

export const DateFlags = {
  relative: 1,
  shortTime: 2,
  longTime: 4,
  shortDate: 8,
  longDate: 16,
  dayOfWeek: 32,
} as const;

export interface FormattedDate {
  unixTime: number;
  flags: number;
}

const LETTER_FLAGS: Record<string, number> = {
  t: DateFlags.shortTime,
  T: DateFlags.longTime,
  d: DateFlags.shortDate,
  D: DateFlags.longDate,
  w: DateFlags.dayOfWeek,
  W: DateFlags.dayOfWeek,
};

/**
 * FormattedDate::get_date_flags for markup formats: exactly "r"/"R", or any mix of tTdDwW (letters may
 * repeat; a short and a long variant may both be set). Undefined for anything else.
 */
export function dateFlagsFromMarkup(format: string): number | undefined {
  if (format === 'r' || format === 'R') return DateFlags.relative;
  let flags = 0;
  for (const letter of format) {
    const flag = LETTER_FLAGS[letter];
    if (flag === undefined) return undefined;
    flags |= flag;
  }
  return flags;
}

/**
 * The `date_time_format` of a supplied entity, read into a td_api DateTimeFormattingType by the reference
 * server: the last of t/T and the last of d/D win, so the flags hold at most one variant of each.
 */
export function dateFlagsFromEntityFormat(format: string): number | undefined {
  if (format === 'r' || format === 'R') return DateFlags.relative;
  let time = 0;
  let date = 0;
  let dayOfWeek = 0;
  for (const letter of format) {
    const flag = LETTER_FLAGS[letter];
    if (flag === undefined) return undefined;
    if (flag === DateFlags.shortTime || flag === DateFlags.longTime) time = flag;
    else if (flag === DateFlags.shortDate || flag === DateFlags.longDate) date = flag;
    else dayOfWeek = flag;
  }
  return time | date | dayOfWeek;
}

/**
 * The Bot API `date_time_format` for a flag set (via get_date_time_formatting_type_object: a short variant
 * wins over a long one); undefined when no format is chosen.
 */
export function dateTimeFormatString(flags: number): string | undefined {
  if (flags === 0) return undefined;
  if (flags & DateFlags.relative) return 'r';
  const dayOfWeek = flags & DateFlags.dayOfWeek ? 'w' : '';
  const date = flags & DateFlags.shortDate ? 'd' : flags & DateFlags.longDate ? 'D' : '';
  const time = flags & DateFlags.shortTime ? 't' : flags & DateFlags.longTime ? 'T' : '';
  return dayOfWeek + date + time;
}
