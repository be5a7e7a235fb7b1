/**
 * Entry point of the `parley` command (bin/parley.js imports it). Only this file has top-level effects,
 * so that tests import the dispatch from run-cli.ts without running a command.
 */
import { processContext } from './command.js';
import { runCli } from './run-cli.js';

// The exit code rather than process.exit(): pending output is flushed before the process ends.
process.exitCode = await runCli(process.argv.slice(2), processContext());
