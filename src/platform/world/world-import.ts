/**
 * Importing a world file (ADR 0102): parsed (JSON or YAML, with positions), checked whole (shape,
 * then references and conflicts against the file and the workspace), then written in one write. A
 * file with any problem changes nothing, and its error lists every problem found with its path and,
 * from a text, its line and column.
 */
import type { Platform } from '../assembly/platform.js';
import { checkWorldShape } from './world-check.js';
import { WorldProblems } from './world-checker.js';
import { planWorld } from './world-plan.js';
import { invalidWorld, objectSource, parseWorldText } from './world-source.js';
import type { WorldImported } from './world-types.js';
import { writeWorld } from './world-write.js';

/** At most this many problems are listed; a file with more says how many more. */
const MAX_LISTED = 50;

export type WorldInput = { text: string } | { world: unknown };

export async function importWorld(platform: Platform, input: WorldInput): Promise<WorldImported> {
  const source = 'text' in input ? await parseWorldText(input.text) : objectSource(input.world);
  const problems = new WorldProblems(source);
  const file = checkWorldShape(source.value, problems);
  if (problems.list.length === 0) {
    const plan = await planWorld(platform, file, problems);
    if (problems.list.length === 0) return writeWorld(platform, plan);
  }
  const listed = problems.list.slice(0, MAX_LISTED);
  if (problems.list.length > MAX_LISTED) {
    listed.push({ path: '', message: `and ${problems.list.length - MAX_LISTED} more problems` });
  }
  throw invalidWorld(listed);
}
