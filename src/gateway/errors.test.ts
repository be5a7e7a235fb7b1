/**
 * The error catalogue is written three times (code, OpenAPI, docs/gateway.md); they must agree.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GATEWAY_ERRORS } from './errors.js';

const read = (file: string) => readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8');
const fromCode = Object.entries(GATEWAY_ERRORS)
  .map(([code, { status }]) => `${code} ${status}`)
  .sort();

describe('the gateway error catalogue', () => {
  it('is the same in docs/openapi/gateway-api.yaml', () => {
    const yaml = read('openapi/gateway-api.yaml');
    const documented = [...yaml.matchAll(/- error: (\w+)\n\s+http: (\d+)/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(documented.sort()).toEqual(fromCode);
  });

  it('is the same in docs/gateway.md', () => {
    const markdown = read('gateway.md');
    const documented = [...markdown.matchAll(/^\| (\d{3})\s+\| `([A-Z_]+)`/gm)].map((m) => `${m[2]} ${m[1]}`);
    expect(documented.sort()).toEqual(fromCode);
  });
});
