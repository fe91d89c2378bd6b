// Whether the last run of the app ended without a word: a small file in the log folder, written
// once the app is up and removed when it quits (or after a fatal error has been told to the user).
// Found at start-up, it means the previous run was cut short — a native crash of the main process,
// or the process killed — and the app says so and points at the log and crash dumps. The app's
// single-instance lock guarantees no other running copy owns the file.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RUN_MARKER_NAME = 'running.json';

export interface RunMarker {
  /** What the previous run wrote, when it did not end normally. */
  readonly previousRun: { pid: number; started: string } | undefined;
  set(): void;
  clear(): void;
}

export function runMarker(dir: string, pid = process.pid): RunMarker {
  const file = join(dir, RUN_MARKER_NAME);
  let previousRun: RunMarker['previousRun'];
  if (existsSync(file)) {
    try {
      previousRun = JSON.parse(readFileSync(file, 'utf8')) as RunMarker['previousRun'];
    } catch {
      previousRun = { pid: 0, started: 'unknown' };
    }
  }
  return {
    previousRun,
    set() {
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(file, JSON.stringify({ pid, started: new Date().toISOString() }));
      } catch {
        // an unwritable log folder: the app runs on, it only cannot tell a crash next time
      }
    },
    clear() {
      rmSync(file, { force: true });
    },
  };
}
