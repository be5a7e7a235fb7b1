/**
 * The "Options:" lines of a command's help for the options it takes from control routes
 * (route-options.ts): the option and its value's name, then what the route's schema says of the
 * parameter (its description, else that of its kind of reference; the lengths, range or values it
 * declares when the description does not give them; required, or its default), in one column as the
 * connection options are, wrapped at 100 characters.
 */
import { MAX_INT32, RESULT_SCHEMAS, type ParamSpec } from '../wire/control-schema/index.js';

/** A route's parameter as the command line gives it. */
export interface RouteField {
  /** The parameter's name on the wire. */
  readonly name: string;
  readonly spec: ParamSpec;
  /** The option's name, without its dashes. */
  readonly flag: string;
  /** The value's name in the help, and in the usage errors of a subject: `USER`, `N`, `COMMUNITY`. */
  readonly metavar: string;
  /** A list of scalars: the option repeated (or, for values other than free text, a comma list). */
  readonly list: boolean;
  /** Given as the command's positional argument. */
  readonly subject: boolean;
  /** Given as an option (a subject too, when the command keeps the option form of earlier versions). */
  readonly option: boolean;
  /** The option names a file whose contents are the value. */
  readonly file: boolean;
  /** A username, taken with or without the `@` in front of it. */
  readonly bare: boolean;
  /** The command's default when the option is absent, where it is not the route's. */
  readonly default?: string | number | boolean;
}

const MAX_WIDTH = 100;
/** The width of the options' column, as in the connection options' help. */
const LABEL_WIDTH = 19;

const REFERENCES = { user: RESULT_SCHEMAS.UserRef.description, chat: RESULT_SCHEMAS.ChatRef.description };

/** `--short-name SHORT_NAME` (a boolean's option takes no value). */
export function optionLabel(field: RouteField): string {
  return field.spec.kind === 'boolean' ? `--${field.flag}` : `--${field.flag} ${field.metavar}`;
}

/** What the schema says of the parameter, as the help's text of its option. */
export function optionText(field: RouteField): string {
  const { spec } = field;
  const item = field.list && spec.items ? spec.items : spec;
  const told = plain(spec.description ?? item.description ?? kindDescription(item));
  const notes: string[] = [];
  if (field.file) notes.push('read from the file');
  if (field.bare) notes.push('without or with the @');
  if (field.list) notes.push(commaList(item) ? 'repeat it, or give a comma list' : 'repeat it for more');
  const fallback = field.default ?? spec.default;
  if (spec.required) notes.push('required');
  else if (fallback !== undefined && fallback !== false && fallback !== '') {
    notes.push(`default ${typeof fallback === 'string' ? `"${fallback}"` : String(fallback)}`);
  }
  const text = [told, limits(item, told)].filter(Boolean).join(', ');
  return notes.length === 0 ? text : `${text} (${notes.join('; ')})`;
}

/** `a, b or c`: the values of an enum, as the help and the usage errors name them. */
export function oneOf(values: readonly string[]): string {
  return values.length > 1
    ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`
    : (values[0] ?? '');
}

/** Numbers, references and names from a list may come as a comma list; free text only one by one. */
export function commaList(item: ParamSpec): boolean {
  return item.kind !== 'string' || item.enum !== undefined;
}

/**
 * The "Options:" lines of route-backed options (each flag once, in the routes' order; a subject is
 * the prose's to explain), then the command's own options (`['--off', 'turn them off']`).
 */
export function routeHelp(
  routes: ReadonlyArray<{ readonly fields: readonly RouteField[] }>,
  own: ReadonlyArray<readonly [label: string, text: string]> = [],
): string {
  const seen = new Set<string>();
  const entries: Array<readonly [string, string]> = [];
  for (const field of routes.flatMap((route) => route.fields)) {
    if (!field.option || field.subject || seen.has(field.flag)) continue;
    seen.add(field.flag);
    entries.push([optionLabel(field), optionText(field)]);
  }
  return optionLines([...entries, ...own]);
}

/** Help lines of options, `  --flag VALUE  text`, their texts in one column and wrapped under it. */
export function optionLines(entries: ReadonlyArray<readonly [label: string, text: string]>): string {
  const width = Math.max(LABEL_WIDTH, ...entries.map(([label]) => label.length));
  return entries.map(([label, text]) => wrap(`  ${label.padEnd(width)}  `, text)).join('\n');
}

function wrap(head: string, text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && head.length + line.length + 1 + word.length > MAX_WIDTH) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.map((part, i) => `${i === 0 ? head : ' '.repeat(head.length)}${part}`.trimEnd()).join('\n');
}

/** A reference's or an amount's description: that of its component in the schema. */
function kindDescription(spec: ParamSpec): string {
  if (spec.kind === 'ref') return REFERENCES[spec.of ?? 'user'];
  if (spec.kind === 'credits') return RESULT_SCHEMAS.Credits.description;
  return '';
}

/** The lengths, range or values the schema declares, unless the description already gives them. */
function limits(spec: ParamSpec, told: string): string {
  const key = spec.enum?.[0] ?? String(spec.maxLength ?? spec.max ?? '');
  if (key !== '' && told.includes(key)) return '';
  if (spec.enum !== undefined) return oneOf(spec.enum);
  if (spec.kind === 'string' && spec.maxLength !== undefined) {
    return `${spec.minLength ?? 0}-${spec.maxLength} characters`;
  }
  const numeric = spec.kind === 'integer' || spec.kind === 'number';
  if (numeric && spec.min !== undefined && spec.max !== undefined && spec.max < MAX_INT32) {
    return `${spec.min}-${spec.max}`;
  }
  return '';
}

/** Markdown's code marks and the closing full stop off, a sentence's capital lowered: as help lines read. */
function plain(text: string): string {
  const bare = text.replace(/`([^`]*)`/g, '$1').replace(/\.$/, '');
  return /^[A-Z](?:[a-z]|\s)/.test(bare) ? bare.charAt(0).toLowerCase() + bare.slice(1) : bare;
}
