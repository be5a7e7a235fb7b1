/**
 * docs/bot-api.md's table of supported methods must be true: every method it calls supported is in
 * the method table, and every method of the table is in the doc.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOT_API_METHODS, METHOD_TABLE } from './index.js';

/** Names the reference server keeps for compatibility; the doc mentions them in the notes. */
const LEGACY_ALIASES = new Set(['kickChatMember', 'getChatMembersCount']);

function documented(): Map<string, string> {
  const doc = readFileSync(new URL('../../../docs/bot-api.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Supported methods'));
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || cells[1] === 'method' || cells[1]!.startsWith('-')) continue;
    if (cells[1] === '' && rows.size > 0) break;
    for (const name of cells[1]!.split(',').map((n) => n.trim())) rows.set(name, cells[2]!);
  }
  return rows;
}

describe('docs/bot-api.md supported methods', () => {
  it('lists every implemented method as supported', () => {
    const rows = documented();
    const missing = Object.keys(BOT_API_METHODS).filter(
      (name) => !LEGACY_ALIASES.has(name) && rows.get(name) !== 'supported',
    );
    expect(missing).toEqual([]);
  });

  it('calls nothing supported that is not implemented', () => {
    const claimed = [...documented()].filter(([, status]) => status === 'supported').map(([name]) => name);
    expect(claimed.filter((name) => !METHOD_TABLE.has(name.toLowerCase()))).toEqual([]);
  });
});
