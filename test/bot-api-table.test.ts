/**
 * The method handlers, the declared table of the Bot API's methods (src/bot-api/declared/, ADR 0070)
 * and the method table of docs/bot-api.md agree: every handler serves a declared method or one of its
 * documented old names; every declared method is backed or answers 501 over HTTP; every backed method
 * has a `supported` row in the doc, no row names a method the server does not back, and a declared
 * method that is not backed is covered only by the "every other method of the spec" row.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_API_METHODS } from '../src/bot-api/methods/index.js';
import { DECLARED_METHOD_NAMES, LEGACY_ALIASES } from '../src/bot-api/declared/method-declarations.js';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';

const doc = readFileSync(new URL('../docs/bot-api.md', import.meta.url), 'utf8');
const OTHER_ROW = 'every other method of the spec';
const aliases: ReadonlySet<string> = new Set(Object.keys(LEGACY_ALIASES));
const declared: ReadonlySet<string> = new Set(DECLARED_METHOD_NAMES);
const backed = new Set(Object.keys(BOT_API_METHODS).filter((name) => !aliases.has(name)));
const notBacked = DECLARED_METHOD_NAMES.filter((name) => !backed.has(name));

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

describe('the method handlers and the declared table', () => {
  it('backs only declared methods, and old names only as the method they name', () => {
    expect([...backed].filter((name) => !declared.has(name))).toEqual([]);
    for (const [alias, name] of Object.entries(LEGACY_ALIASES)) {
      expect(BOT_API_METHODS[alias as keyof typeof BOT_API_METHODS]).toBe(
        BOT_API_METHODS[name as keyof typeof BOT_API_METHODS],
      );
    }
  });

  describe('a declared method that is not backed', () => {
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      server = await startServer();
      token = (await userAndBot(server, 'table')).token;
    });
    afterAll(async () => {
      await server.close();
    });

    it('answers 501 naming it', async () => {
      for (const name of notBacked) {
        const answer = await callBotApi(server, token, name);
        expect([name, answer.status, answer.body.description]).toEqual([
          name,
          501,
          `Not Implemented: method ${name} is not supported by Parley yet`,
        ]);
      }
    });
  });
});

describe('docs/bot-api.md method table', () => {
  const rows = tableRows();

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

  it('keeps the 501 row exactly while some declared methods are not backed', () => {
    expect(rows.has(OTHER_ROW)).toBe(notBacked.length > 0);
  });
});
