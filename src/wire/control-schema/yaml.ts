/**
 * A small YAML writer for the OpenAPI document (openapi.ts): block style, with the small leaves
 * (`{ type: integer, minimum: 1 }`, `[ok, result]`) in flow style as a person would write them,
 * long texts folded, texts of several lines as literal blocks. Deterministic: the same value always
 * gives the same text, so that a test can compare the committed file with what it would be now.
 */

const WIDTH = 110;

type Value = null | boolean | number | string | readonly Value[] | { readonly [key: string]: Value };

/** `value` (plain data: objects, arrays, strings, numbers, booleans, null) as a YAML document. */
export function toYaml(value: unknown, options: { spacedKeys?: readonly string[] } = {}): string {
  const lines: string[] = [];
  writeMap(value as Record<string, Value>, 0, lines, new Set(options.spacedKeys ?? []));
  return `${lines.join('\n')}\n`;
}

function isCollection(value: Value): value is readonly Value[] | { readonly [key: string]: Value } {
  return typeof value === 'object' && value !== null;
}

function entriesOf(value: readonly Value[] | { readonly [key: string]: Value }): Array<[string, Value]> {
  return Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
}

/** A map; a top-level key listed in `spaced` gets an empty line before it and between its entries. */
function writeMap(
  map: { readonly [key: string]: Value },
  indent: number,
  lines: string[],
  spaced: ReadonlySet<string> = new Set(),
) {
  const pad = ' '.repeat(indent);
  let first = true;
  for (const [key, value] of Object.entries(map)) {
    if (value === undefined) continue;
    if (!first && indent === 0 && spaced.has(key)) lines.push('');
    first = false;
    const head = `${pad}${text(key, false)}:`;
    if (isCollection(value)) {
      const flow = flowOf(value, 2);
      if (flow !== undefined && head.length + 1 + flow.length <= WIDTH) lines.push(`${head} ${flow}`);
      else if (entriesOf(value).length === 0) lines.push(`${head} ${Array.isArray(value) ? '[]' : '{}'}`);
      else if (Array.isArray(value)) writeList(value, indent + 2, head, lines);
      else {
        lines.push(head);
        const map = value as { readonly [key: string]: Value };
        if (indent === 0 && spaced.has(key)) writeSpacedMap(map, indent + 2, lines);
        else writeMap(map, indent + 2, lines);
      }
    } else {
      writeScalar(head, value, indent, lines);
    }
  }
}

/** A map whose entries are separated by an empty line (the paths of the document). */
function writeSpacedMap(map: { readonly [key: string]: Value }, indent: number, lines: string[]) {
  let first = true;
  for (const [key, value] of Object.entries(map)) {
    if (!first) lines.push('');
    first = false;
    writeMap({ [key]: value }, indent, lines);
  }
}

function writeList(list: readonly Value[], indent: number, head: string, lines: string[]) {
  lines.push(head);
  const pad = ' '.repeat(indent);
  for (const item of list) {
    if (isCollection(item)) {
      const flow = flowOf(item, 2);
      if (flow !== undefined && pad.length + 2 + flow.length <= WIDTH) {
        lines.push(`${pad}- ${flow}`);
      } else if (Array.isArray(item)) {
        writeList(item, indent + 2, `${pad}-`, lines);
      } else {
        const start = lines.length;
        writeMap(item as { readonly [key: string]: Value }, indent + 2, lines);
        lines[start] = `${pad}- ${lines[start]!.slice(indent + 2)}`;
      }
    } else {
      writeScalar(`${pad}-`, item, indent, lines);
    }
  }
}

/** A scalar after `head` (`key:` or `-`): on the same line, folded when long, or a literal block. */
function writeScalar(head: string, value: Value, indent: number, lines: string[]) {
  const pad = ' '.repeat(indent + 2);
  // Several lines: a literal block (`|-`), unless a line's own spaces would be lost.
  if (typeof value === 'string' && value.includes('\n') && /^\S/.test(value) && !/\s$/.test(value)) {
    if (!/[ \t]$/m.test(value) && !/\r/.test(value)) {
      lines.push(`${head} |-`);
      for (const line of value.split('\n')) lines.push(line === '' ? '' : `${pad}${line}`);
      return;
    }
  }
  const inline = `${head} ${text(value, false)}`;
  if (typeof value === 'string' && inline.length > WIDTH) {
    const folded = fold(value, WIDTH - pad.length);
    if (folded) {
      lines.push(`${head} >-`);
      for (const line of folded) lines.push(`${pad}${line}`);
      return;
    }
  }
  lines.push(inline);
}

/**
 * `value` broken at single spaces into lines of at most `width` (a word longer stays whole), so
 * that folding them again gives `value`; undefined when that cannot hold.
 */
function fold(value: string, width: number): string[] | undefined {
  if (!/^\S/.test(value) || /\s$/.test(value) || /\s\s|[\t\r]/.test(value)) return undefined;
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines;
}

/** The flow form of a small collection (at most `depth` levels, one line), else undefined. */
function flowOf(
  value: readonly Value[] | { readonly [key: string]: Value },
  depth: number,
): string | undefined {
  if (depth === 0) return undefined;
  const parts: string[] = [];
  for (const [key, item] of entriesOf(value)) {
    let part: string | undefined;
    if (isCollection(item)) part = flowOf(item, depth - 1);
    else if (typeof item === 'string' && item.includes('\n')) part = undefined;
    else part = text(item, true);
    if (part === undefined) return undefined;
    parts.push(Array.isArray(value) ? part : `${text(key, true)}: ${part}`);
  }
  if (parts.length === 0) return Array.isArray(value) ? '[]' : '{}';
  return Array.isArray(value) ? `[${parts.join(', ')}]` : `{ ${parts.join(', ')} }`;
}

/** A scalar as YAML: plain when that reads back as the same string, else quoted. */
function text(value: Value, flow: boolean): string {
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const s = value as string;
  if (isPlain(s, flow)) return s;
  // Single quotes, but double ones for a text with more single quotes than double (as Prettier does).
  const singles = s.split("'").length;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(s) || singles > s.split('"').length) return JSON.stringify(s);
  return `'${s.replace(/'/g, "''")}'`;
}

function isPlain(s: string, flow: boolean): boolean {
  if (s === '' || s !== s.trim()) return false;
  // Indicators at the start, and what would read as another type (YAML 1.1 or 1.2).
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(s)) return false;
  if (/^(true|false|null|~|yes|no|on|off|y|n)$/i.test(s) || /^[-+.]?\d/.test(s) || /^\.(inf|nan)$/i.test(s)) {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  if (/: |:$| #|[\u0000-\u001f\u007f]/.test(s)) return false;
  if (flow && /[,[\]{}]/.test(s)) return false;
  return true;
}
