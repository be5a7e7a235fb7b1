/**
 * Reading a world file (ADR 0102): one parser for JSON and YAML (the `yaml` package reads both, JSON
 * being YAML's flow style), which keeps where each value stands, so that every problem found later
 * names its line and column as well as its path (`bots[2].commands[0].command`). An object given as
 * it is (the test kit's `createParley({ world })`) has no positions: its problems name the path only.
 *
 * `yaml` is loaded on the first import, not when the server starts (ADR 0094's cold start).
 */
import { PlatformError } from '../core/errors.js';

export type WorldPath = ReadonlyArray<string | number>;

export interface WorldProblem {
  /** `bots[2].commands[0].command`; empty for the file as a whole. */
  path: string;
  message: string;
  line?: number;
  column?: number;
}

export interface WorldSource {
  value: unknown;
  /** Where the value at `path` (or its nearest present parent) starts in the text. */
  locate(path: WorldPath): { line: number; column: number } | undefined;
}

/** The longest world text read, in UTF-16 units (the control API's body limit is what bounds it). */
export const MAX_WORLD_TEXT = 16 << 20;

export function pathText(path: WorldPath): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  return out;
}

/** Parses a JSON or YAML text; a syntax error is a problem with its line and column. */
export async function parseWorldText(text: string): Promise<WorldSource> {
  const { LineCounter, parseDocument } = await import('yaml');
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw invalidWorld(
      doc.errors.slice(0, 10).map((error) => {
        const at = lines.linePos(error.pos[0]);
        const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
        return { path: '', message, line: at.line, column: at.col };
      }),
    );
  }
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  return {
    value,
    locate(path) {
      for (let n = path.length; n >= 0; n--) {
        const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
        if (node?.range) {
          const { line, col } = lines.linePos(node.range[0]);
          return { line, column: col };
        }
      }
      return undefined;
    },
  };
}

/** A value given as an object: no text, so no positions. */
export function objectSource(value: unknown): WorldSource {
  return { value, locate: () => undefined };
}

/** The error of an invalid file: every problem on a line of its own, the file left as it was. */
export function invalidWorld(problems: WorldProblem[]): PlatformError {
  const lines = problems.map((problem) => {
    const where = problem.line === undefined ? '' : `line ${problem.line}, column ${problem.column}: `;
    return `${where}${problem.path === '' ? '' : `${problem.path}: `}${problem.message}`;
  });
  const count = problems.length === 1 ? 'a problem' : `${problems.length} problems`;
  return new PlatformError(
    'BAD_REQUEST',
    `the world file has ${count}, nothing was imported:\n${lines.join('\n')}`,
  );
}
