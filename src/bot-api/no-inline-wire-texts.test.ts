/**
 * The Bot API's texts live in its catalogue (error-catalogue.ts, surface-errors.ts; ADR 0041) and in the declarations
 * of the platform's refusals (platform/core/refusals/ and each feature's refusals.ts, ADR 0108)
 * only: the rest of the surface names codes, and the domain throws PlatformError codes with data. This scans the sources (not the
 * tests) for texts written inline.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOT_API_ERRORS } from './error-catalogue.js';
import { REFUSALS } from '../platform/assembly/refusals.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(SRC, folder), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    found.push(relative(SRC, join(entry.parentPath, entry.name)));
  }
  return found.sort();
}

/** The code without its comments (which may quote a text), strings kept. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

const code = (file: string) => withoutComments(readFileSync(join(SRC, file), 'utf8'));

/** A string that starts like a description of the reference ("Bad Request: ...", "Forbidden: ..."). */
const WIRE_PREFIX =
  /['"`](Bad Request|Forbidden|Conflict|Too Many Requests|Unauthorized|Not Found|Internal Server Error|Request Entity Too Large|Not Implemented|Misdirected Request|Logged out)\b/;

/** The catalogue: the errors it makes, and the table of the surface's own texts. */
const CATALOGUE = ['bot-api/error-catalogue.ts', 'bot-api/surface-errors.ts'];
/** The declarations of the platform's refusals with their Bot API texts: the kernel's, each feature's. */
const DECLARATIONS = 'platform/core/refusals/';
const isDeclaration = (file: string) =>
  file.startsWith(DECLARATIONS) || /^platform\/[a-z-]+\/refusals\.ts$/.test(file);

describe('no Bot API wire text outside the catalogue', () => {
  it('finds the sources it scans', () => {
    expect(sources('bot-api')).toEqual(expect.arrayContaining(CATALOGUE));
    expect(sources('platform')).toContain('platform/core/errors.ts');
    expect(sources('platform')).toContain(`${DECLARATIONS}messages.ts`);
    expect(sources('platform')).toContain('platform/payments/refusals.ts');
  });

  it('makes BotApiError instances in the catalogue only', () => {
    const offending: string[] = [];
    for (const file of [...sources('bot-api'), ...sources('platform')]) {
      if (CATALOGUE.includes(file) || isDeclaration(file)) continue;
      const text = code(file);
      for (const [pattern, what] of [
        [/badRequest\(\s*['"`]/, 'badRequest(<text>)'],
        [/new BotApiError\(/, 'new BotApiError(...)'],
        [/BotApiError\.(badRequest|tooManyRequests)\(/, 'a BotApiError helper'],
        [WIRE_PREFIX, 'a string with a wire prefix'],
      ] as const) {
        if (pattern.test(text)) offending.push(`${file}: ${what}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('leaves the platform no BAD_REQUEST carrying a text of the catalogue', () => {
    const texts = new Set<string>();
    for (const entry of Object.values(BOT_API_ERRORS)) {
      if (typeof entry.text === 'string') texts.add(entry.text.replace(/^Bad Request: /, ''));
    }
    for (const refusal of Object.values(REFUSALS)) {
      if (typeof refusal.bot === 'string') texts.add(refusal.bot.replace(/^Bad Request: /, ''));
    }
    const offending: string[] = [];
    // new PlatformError('BAD_REQUEST', '<text>') and the people-only helpers bad('<text>').
    const refusal = /(?:PlatformError\(\s*'BAD_REQUEST',\s*|\bbad\(\s*)(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;
    for (const file of sources('platform')) {
      if (isDeclaration(file)) continue;
      for (const match of code(file).matchAll(refusal)) {
        const text = match[2]!;
        if (texts.has(text) || /^[A-Z][A-Z_]+$/.test(text)) offending.push(`${file}: ${text}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
