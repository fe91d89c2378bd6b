// `<data dir>/server.json` says which process serves a data dir, so commands that must not run
// under a live server (restore) can refuse, and tools can find the port.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface RunInfo {
  pid: number;
  port: number;
}

const runFile = (dataDir: string) => join(dataDir, 'server.json');

export function writeRunFile(dataDir: string, info: RunInfo): void {
  writeFileSync(runFile(dataDir), JSON.stringify(info));
}

export function clearRunFile(dataDir: string): void {
  rmSync(runFile(dataDir), { force: true });
}

/** The live server of this data dir, if any (a stale file from a killed process is ignored). */
export function runningServer(dataDir: string): RunInfo | undefined {
  let info: RunInfo;
  try {
    info = JSON.parse(readFileSync(runFile(dataDir), 'utf8')) as RunInfo;
  } catch {
    return undefined;
  }
  try {
    process.kill(info.pid, 0);
    return info;
  } catch {
    return undefined;
  }
}
