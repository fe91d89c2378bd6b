// Runs the program a launcher stands for (`npm start`'s desktop app or `almanac serve`, `npm run
// almanac`'s command) as its child, so that stopping the launcher, whichever way, stops the child
// once and cleanly, and the child never outlives it:
//   - SIGINT, SIGTERM or SIGHUP to the launcher is passed on once: to a Node child as the 'stop'
//     message over an IPC channel (the same graceful stop on every system, and no second signal to
//     a child that also got the first one, sent to the whole process group), to another program
//     (Electron) as the signal;
//   - the launcher's parent going away counts as a SIGTERM. npm runs a script through a shell
//     (`sh -c`), and a SIGTERM sent to npm's process id reaches only that shell, which dies of it
//     without passing it on: the launcher is left with no parent, and its server ran on, holding
//     the port and the data folder. A POSIX process whose parent dies gets a new one (init or a
//     subreaper), so a change of process.ppid says it, on Linux and macOS (polled: Node has no
//     event for it). On Windows a parent's death changes nothing, but a console's Ctrl+C reaches
//     every process in it, and there are no SIGTERMs to lose;
//   - the launcher ending without a word (SIGKILL) closes the IPC channel: `almanac serve` stops on
//     that too (server/cli-serve.ts).
// The launcher exits with the child's exit code once the child has exited.
import { spawn } from 'node:child_process';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const PARENT_POLL_MS = 500;

/**
 * Starts `command` with `args`, its output on the launcher's, and ties its life to the launcher's
 * (above). `ipc`: the child is a Node program that stops on the 'stop' message (server/cli-serve.ts).
 */
export function runChild(command, args, { ipc = false, env = process.env } = {}) {
  const child = spawn(command, args, { stdio: ipc ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit', env });
  let stopping = false;
  const stop = (signal) => {
    if (stopping || child.exitCode !== null || child.signalCode !== null) return;
    stopping = true;
    if (ipc && child.connected) child.send('stop');
    else child.kill(signal);
  };
  for (const signal of SIGNALS) process.on(signal, () => stop(signal));
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) stop('SIGTERM');
  }, PARENT_POLL_MS);
  watch.unref();
  child.on('exit', (code, signal) => {
    clearInterval(watch);
    process.exit(code ?? (signal ? 1 : 0));
  });
  return child;
}
