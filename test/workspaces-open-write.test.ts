/**
 * A workspace opens with one write (issue 28): its admin token and its creation time go into its
 * settings in the same commit, before its store reports commits to its metrics, so a new world's
 * metrics count none; its creation time is still the one the control API shows, and a reset keeps it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createParley, type Parley } from '../src/testkit/index.js';

let server: Parley;

beforeAll(async () => {
  server = await createParley();
}, 30_000);
afterAll(() => server.close());

async function commitsSeen(world: Parley): Promise<string | undefined> {
  const response = await fetch(`${world.apiRoot}/metrics`, {
    headers: { authorization: `Bearer ${world.adminToken}` },
  });
  const text = await response.text();
  return /^parley_store_commit_seconds_count (\d+)$/m.exec(text)?.[1];
}

it('opens a workspace with one write, which keeps its creation time', async () => {
  const before = Math.floor(Date.now() / 1000);
  const world = (await server.createWorkspace()) as Parley & { readonly workspace: string };
  try {
    expect(await commitsSeen(world)).toBe('0');
    const created = await server.control.getWorkspace(world.workspace);
    expect(created.created_at).toBeGreaterThanOrEqual(before);
    expect(created.created_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const reset = await server.control.resetWorkspace(world.workspace);
    expect(reset.created_at).toBe(created.created_at);
  } finally {
    await world.close();
  }
});
