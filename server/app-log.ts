// Almanac's log: `<data dir>/logs/almanac.log`, the file a user attaches when reporting a problem
// (docs/desktop-app.md, "If something goes wrong"), written alike by the desktop app (electron/desktop.ts) and
// by `almanac serve` (`npm start` where no window can open, `npm run serve`: cli.ts), whichever
// serves the data folder. Every line is timestamped and written at once,
// synchronously, so that what led to a crash is on disk before the process ends. When the file
// passes `maxBytes` it is rotated: almanac.log → almanac.1.log → … → almanac.<keep>.log, the oldest
// dropped. Also mirrored to the console (what `npm start` shows). A log that cannot be written
// (the data folder is not writable) never stops the app: the lines still reach the console.
// Never log a secret here (a sign-in link, a token): the file is meant to be sent to others.
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LOG_NAME = 'almanac.log';

/** The data folder's `logs/`: the log, and the desktop app's run marker and crash dumps. */
export const logsDir = (dataDir: string) => join(dataDir, 'logs');

export interface AppLog {
  /** The current log file. */
  readonly file: string;
  readonly dir: string;
  write(line: string): void;
  /** An error with its stack (and its cause's), under a heading. */
  error(heading: string, error: unknown): void;
}

export interface AppLogOptions {
  /** Rotate once the file is larger than this (default 1 MB). */
  maxBytes?: number;
  /** Rotated files kept besides the current one (default 3). */
  keep?: number;
  /** Where lines are mirrored (default console.log). */
  mirror?: (line: string) => void;
}

/** A description of anything thrown: the stack when there is one, the causes after it. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return `non-error thrown: ${String(error)}`;
  let text = error.stack ?? `${error.name}: ${error.message}`;
  if (error.cause !== undefined) text += `\ncaused by: ${describeError(error.cause)}`;
  return text;
}

export function openAppLog(dir: string, options: AppLogOptions = {}): AppLog {
  const maxBytes = options.maxBytes ?? 1_000_000;
  const keep = options.keep ?? 3;
  const mirror = options.mirror ?? ((line: string) => console.log(line));
  const file = join(dir, LOG_NAME);
  const rotated = (n: number) => join(dir, `almanac.${n}.log`);
  let broken = false;

  const rotate = () => {
    if (!existsSync(file) || statSync(file).size < maxBytes) return;
    rmSync(rotated(keep), { force: true });
    for (let n = keep - 1; n >= 1; n--) if (existsSync(rotated(n))) renameSync(rotated(n), rotated(n + 1));
    renameSync(file, rotated(1));
  };

  const write = (line: string) => {
    mirror(line);
    if (broken) return;
    try {
      mkdirSync(dir, { recursive: true });
      rotate();
      appendFileSync(file, `${new Date().toISOString()} ${line.replace(/\r?\n/g, '\n    ')}\n`);
    } catch (error) {
      broken = true; // said once, on the console; the app goes on
      console.error(`Almanac cannot write its log to ${file}: ${(error as Error).message}`);
    }
  };

  return {
    file,
    dir,
    write,
    error: (heading, error) => write(`${heading}: ${describeError(error)}`),
  };
}
