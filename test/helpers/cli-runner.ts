/**
 * The `parley` CLI run in this process against a test server (no child process): what tests of the
 * CLI's commands use, and how they read what it printed.
 */
import { expect } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { ControlApiError } from '../../src/testkit/index.js';
import { ADMIN_TOKEN, type TestServer } from './in-process.js';
import { waitFor } from './wait-for.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A runner of `parley ARGS --server <server> --admin-token <token>` in folder `cwd`. */
export function cliRunner(server: () => TestServer, cwd: string = process.cwd()) {
  return async (...args: string[]): Promise<CliResult> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli([...args, '--server', server().url, '--admin-token', ADMIN_TOKEN], {
      env: {},
      cwd,
      stdout: (line) => out.push(line),
      stderr: (line) => err.push(line),
    });
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  };
}

/** The control API's refusal of `call`: its status, code and description. */
export async function controlFailure(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (failed: unknown) => failed,
  );
  expect(error).toBeInstanceOf(ControlApiError);
  const { status, error: code, description: message } = error as ControlApiError;
  return { status, code, message };
}

/**
 * A following command (`parley timeline --follow ...`) run against `server` until the test ends it:
 * `out` fills with its lines; `waiting()` resolves once it has made its first look and waits on its
 * second; after `stop()` its next request fails, so the next event (which ends the wait in flight)
 * ends the command, and `done` resolves with its exit code.
 */
export function cliFollow(server: TestServer, args: string[]) {
  const out: string[] = [];
  let calls = 0;
  let stopped = false;
  const transport: typeof fetch = (input, init) => {
    calls += 1;
    return stopped ? Promise.reject(new Error('stopped')) : fetch(input, init);
  };
  const done = runCli([...args, '--server', server.url, '--admin-token', ADMIN_TOKEN], {
    env: {},
    cwd: process.cwd(),
    stdout: (line) => out.push(line),
    stderr: () => undefined,
    fetch: transport,
  });
  return {
    out,
    done,
    waiting: () => waitFor(() => calls >= 2, { what: 'the follow waiting' }),
    stop: () => {
      stopped = true;
    },
  };
}
