// `<data dir>/server.json` tells tools where the server of a data dir listens (port, API root),
// so `almanac token create` and external scripts find a running app. It is written and removed
// only by the process that holds the data dir's lock (data-dir-lock.ts); whether a server runs is
// the lock's answer, never this file's (a file left by a killed process is just stale).
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RunInfo {
  pid: number;
  port: number;
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** `http://127.0.0.1:PORT/svc/events/v1` (the default site's API root). */
  api_root: string;
  /** Which program serves: `serve` (the command line) or `desktop` (the app). */
  app: 'serve' | 'desktop';
  started: string;
}

export const runFile = (dataDir: string) => join(dataDir, 'server.json');

/** Written through a temp name: a reader never sees half a file. */
export function writeRunFile(dataDir: string, info: RunInfo): void {
  const temp = `${runFile(dataDir)}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(info, null, 2)}\n`);
  renameSync(temp, runFile(dataDir));
}

/** Removes the run file if it still names this process (only its owner may remove it). */
export function clearRunFile(dataDir: string, pid = process.pid): void {
  if (readRunFile(dataDir)?.pid === pid) rmSync(runFile(dataDir), { force: true });
}

export function readRunFile(dataDir: string): RunInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(runFile(dataDir), 'utf8')) as Partial<RunInfo>;
    if (typeof info.pid !== 'number' || typeof info.port !== 'number') return undefined;
    const url = info.url ?? `http://127.0.0.1:${info.port}`;
    return {
      pid: info.pid,
      port: info.port,
      url,
      api_root: info.api_root ?? `${url}/svc/events/v1`,
      app: info.app ?? 'serve',
      started: info.started ?? '',
    };
  } catch {
    return undefined;
  }
}
