/**
 * The frame of every trial: a fresh data folder and loopback port, the server started on them, the
 * trial's body, then a graceful stop of the restarted server and the clean-up, whatever happened.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ControlClient } from '../../src/testkit/index.js';
import { ADMIN_TOKEN, phoneNumber } from '../lib/parley.js';
import { KillableParley } from './killable-parley.js';
import type { KillPlan } from './run-burst.js';
import type { TrialContext, TrialResult } from './trial.js';

/** What a trial's body finds; the frame adds the rest of its TrialResult. */
export type TrialOutcome = Pick<TrialResult, 'ackedAtKill' | 'messages' | 'gateway' | 'failed'>;

export type TrialBody = (
  server: KillableParley,
  control: ControlClient,
  notes: string[],
) => Promise<TrialOutcome>;

export async function freshServerTrial(
  ctx: TrialContext,
  plan: KillPlan,
  body: TrialBody,
): Promise<TrialResult> {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(ctx.tmpDir, `${ctx.mode}-${ctx.trial}-`));
  const server = new KillableParley({
    entry: ctx.entry,
    data: ctx.memory ? ':memory:' : dataDir,
    pinning: ctx.pinning,
  });
  const notes: string[] = [];
  const frame = { mode: ctx.mode, trial: ctx.trial, seed: ctx.seed, downtimeMs: plan.downtimeMs, notes };
  try {
    await server.start();
    const outcome = await body(
      server,
      new ControlClient({ url: server.origin, adminToken: ADMIN_TOKEN }),
      notes,
    );
    const code = await server.stop();
    if (code !== 0) notes.push(`the restarted server exited with ${code} on SIGTERM (-1: killed after 10 s)`);
    return { ...frame, ...outcome, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    notes.push(`the trial could not run: ${error instanceof Error ? error.message : String(error)}`);
    notes.push(server.output());
    return { ...frame, ackedAtKill: 0, failed: true, seconds: (performance.now() - started) / 1000 };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `count` people (users), answered by phone number. */
export async function createPeople(control: ControlClient, count: number): Promise<string[]> {
  const people: string[] = [];
  for (let i = 0; i < count; i++) {
    people.push(
      (await control.createUser({ phone_number: phoneNumber(), first_name: `P${i}` })).phone_number,
    );
  }
  return people;
}
