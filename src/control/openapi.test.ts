/**
 * docs/openapi/control-api.yaml must describe every route of the control API with its HTTP method,
 * and nothing that is not a route.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTROL_ROUTES } from './control-routes.js';

/** `METHOD /control/path/{}` for each operation of the document (a small reader of its layout). */
function documentedOperations(): string[] {
  const yaml = readFileSync(new URL('../../docs/openapi/control-api.yaml', import.meta.url), 'utf8');
  const operations: string[] = [];
  let path: string | undefined;
  for (const line of yaml.split('\n')) {
    const pathMatch = /^ {2}(\/control\S*):\s*$/.exec(line);
    if (pathMatch) path = pathMatch[1]!.replace(/\{[^}]+\}/g, '{}');
    else if (/^\S/.test(line)) path = undefined;
    const verb = /^ {4}(get|post|put|delete|patch):\s*$/.exec(line);
    if (path && verb) operations.push(`${verb[1]!.toUpperCase()} ${path}`);
  }
  return operations.sort();
}

describe('the control API OpenAPI document', () => {
  it('matches the route table', () => {
    const routes = CONTROL_ROUTES.map(
      (r) => `${r.method} /control${r.path.replace(/:[a-z_]+/gi, '{}')}`,
    ).sort();
    expect(documentedOperations()).toEqual(routes);
  });
});
