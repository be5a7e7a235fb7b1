/** The workspaces' limits when none is given (ADR 0064, ADR 0094): how many, and the idle time. */

/**
 * 50: one workspace per parallel CI job, with room; and all 50 open at once cost about 550 MB and
 * 460 file descriptors (ADR 0064: 11 MB and 9 descriptors each), under the common soft limit of
 * 1024 descriptors with the connections' share left.
 */
export const DEFAULT_MAX_WORKSPACES = 50;
/**
 * 1,000 on `:memory:` (issue 28, ADR 0094): there a workspace holds no file descriptor, and an idle
 * one about half a megabyte, so a test file may make a world per test on one server.
 */
export const DEFAULT_MAX_MEMORY_WORKSPACES = 1000;

/** The cap of workspaces (`--max-workspaces`) when none is given, by the server's storage. */
export function defaultMaxWorkspaces(storage: { kind: string }): number {
  return storage.kind === 'sqlite-memory' ? DEFAULT_MAX_MEMORY_WORKSPACES : DEFAULT_MAX_WORKSPACES;
}
/** 5 minutes: a CI job's pauses (a build step between two test steps) do not reopen its workspace. */
export const DEFAULT_WORKSPACE_IDLE_MS = 300_000;
