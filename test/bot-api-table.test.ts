/**
 * The method table of docs/bot-api.md stays true: every method the server backs has a `supported`
 * row, no row names a method the server does not back, and a method of the spec that is not backed
 * is covered only by the "every other method of the spec" row (it answers 501). The list of the
 * spec's methods is committed here (from the reference's Bot API 10.1 JSON) so that the test runs
 * without it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOT_API_METHODS } from '../src/bot-api/methods/index.js';
import { SPEC_METHOD_NAMES } from './types/spec-method-names.js';

const doc = readFileSync(new URL('../docs/bot-api.md', import.meta.url), 'utf8');
const OTHER_ROW = 'every other method of the spec';
/** Old names the reference still answers, documented in the notes of their method's row. */
const ALIASES = new Set(['kickChatMember', 'getChatMembersCount']);

/** The rows of the first table after "## Supported methods": method names -> status. */
function tableRows(): Map<string, string> {
  const section = doc.slice(doc.indexOf('## Supported methods'));
  const rows = new Map<string, string>();
  for (const line of section.split('\n').slice(1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|') || /^\|\s*-+/.test(line)) continue;
    const [names = '', status = ''] = line
      .split('|')
      .slice(1)
      .map((cell) => cell.trim());
    if (names === 'method') continue;
    for (const name of names.split(',').map((part) => part.trim())) rows.set(name, status);
  }
  return rows;
}

describe('docs/bot-api.md method table', () => {
  const rows = tableRows();
  const backed = new Set(Object.keys(BOT_API_METHODS).filter((name) => !ALIASES.has(name)));

  it('has a supported row for every method the server backs', () => {
    const missing = [...backed].filter((name) => rows.get(name) !== 'supported');
    expect(missing).toEqual([]);
  });

  it('names no method the server does not back as supported', () => {
    const extra = [...rows]
      .filter(([name, status]) => name !== OTHER_ROW && (status !== 'supported' || !backed.has(name)))
      .map(([name]) => name);
    expect(extra).toEqual([]);
  });

  it('backs only methods of the spec, and keeps the 501 row exactly while some are not backed', () => {
    const spec = new Set(SPEC_METHOD_NAMES);
    expect([...backed].filter((name) => !spec.has(name))).toEqual([]);
    const notBacked = SPEC_METHOD_NAMES.filter((name) => !backed.has(name));
    expect(rows.has(OTHER_ROW)).toBe(notBacked.length > 0);
  });
});
