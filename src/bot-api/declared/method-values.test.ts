/**
 * method-values.ts is what `npm run generate:method-values` writes from the declarations (ADR 0084),
 * and the runner's typed values read what it declares.
 */
import { readFileSync } from 'node:fs';
import prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { methodValuesSource } from './method-values-source.js';
import { valuesReader } from '../define-method.js';
import { Params } from '../params.js';

const FILE = new URL('./method-values.ts', import.meta.url);

function paramsOf(given: Record<string, string>): Params {
  const params = new Params();
  for (const [name, value] of Object.entries(given)) params.add(name, value);
  return params;
}

describe('the typed values', () => {
  it('are declared by the committed file, as the generator writes it', async () => {
    const path = FILE.pathname;
    const options = { ...(await prettier.resolveConfig(path)), filepath: path };
    expect(readFileSync(FILE, 'utf8')).toBe(await prettier.format(methodValuesSource(), options));
  });

  it('read as the reference reads: lenient integers, true/yes/1, defaults, clamps, JSON as text', () => {
    const getUpdates = valuesReader('getUpdates');
    expect(getUpdates(paramsOf({ limit: '500', offset: '12abc' }))).toEqual({
      offset: 12,
      limit: 100,
      timeout: 0,
    });
    expect(getUpdates(paramsOf({ limit: '0', allowed_updates: '["message"]' }))).toEqual({
      limit: 1,
      timeout: 0,
      allowed_updates: '["message"]',
    });
    const topic = valuesReader('createForumTopic');
    expect(topic(paramsOf({ chat_id: ' @forum ', name: 'News', icon_color: '7322096' }))).toEqual({
      chat_id: '@forum',
      name: 'News',
      icon_color: 7322096,
    });
    expect(topic(paramsOf({ chat_id: '-100123', name: 'x', icon_custom_emoji_id: '' }))).toEqual({
      chat_id: -100123,
      name: 'x',
    });
    const dice = valuesReader('sendDice');
    expect(dice(paramsOf({ chat_id: '5', disable_notification: 'yes' }))).toMatchObject({
      chat_id: 5,
      emoji: '🎲',
      disable_notification: true,
      protect_content: false,
    });
  });
});
