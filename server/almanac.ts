// The `almanac` command's entry point: runs the command line and sets the exit code. Kept apart
// from cli.ts so that importing the command line never runs it.
import { main } from './cli.ts';

process.exitCode = await main(process.argv.slice(2));
// A parent that started the command with an IPC channel (scripts/start.mjs, tests) would keep the
// process alive through it.
if (process.connected) process.disconnect();
