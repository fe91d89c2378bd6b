// Every way of stopping Almanac run from a checkout stops everything, once, cleanly. Real processes:
// `npm start` (where no window can open: the browser UI, ALMANAC_HEADLESS=1), `npm run serve` and
// `npm run almanac -- serve`, each in its own process group on a fresh data folder, stopped the
// ways people and programs stop them — a signal to npm's process id (`kill PID`), to the whole
// group (a terminal's Ctrl+C, or closing it; a process manager), twice, Ctrl+C typed in a real
// terminal (a pseudo-terminal from util-linux's `script`), the launcher killed outright. After each:
// no process of the run is left, the port is free, the data folder's lock is released, server.json
// is gone, the WAL is checkpointed into the database, and logs/almanac.log says it stopped once.
// (The desktop app's quit and its signals: test/electron/desktop.test.ts, packaged-app.test.ts.)
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDataDirLocked } from '../../server/data-dir-lock.ts';
import { runFile } from '../../server/run-file.ts';
import { REPO_ROOT } from './child-server.ts';

const work = mkdtempSync(join(tmpdir(), 'almanac-stopping-'));
/** Every process started here, killed at the end whatever happened (a failed test leaves none behind). */
const started: { group: number; server?: number }[] = [];
const killQuietly = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
};
after(() => {
  for (const { group, server } of started) {
    killQuietly(-group);
    if (server) killQuietly(server);
  }
  rmSync(work, { recursive: true, force: true });
});

const skip = process.platform === 'win32' ? 'POSIX signals and process groups (Windows: windows-stop.test.ts)' : false;
const hasScript = spawnSync('script', ['--version']).status === 0;

interface Run {
  child: ChildProcess;
  dataDir: string;
  /** The server's port and process id, once it serves. */
  port: number;
  serverPid: number;
  output(): string;
  exited: Promise<void>;
}

/** Starts `command` (npm …) in a process group of its own on a fresh data folder; resolves once it serves. */
async function launch(command: string, args: (dataDir: string) => string[]): Promise<Run> {
  const dataDir = mkdtempSync(join(work, 'data-'));
  const child = spawn(command, args(dataDir), {
    cwd: REPO_ROOT,
    detached: true, // its own process group: a signal to the group reaches no one else
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ALMANAC_HEADLESS: '1', ALMANAC_DAILY_BACKUP: '0' },
  });
  const record: (typeof started)[number] = { group: child.pid! };
  started.push(record);
  let output = '';
  const append = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-64_000));
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  for (const until = Date.now() + 120_000; ;) {
    const root = /Almanac API root: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
    // The server's process id: server.json, which it writes once it listens.
    const info = root && existsSync(runFile(dataDir)) ? JSON.parse(readFileSync(runFile(dataDir), 'utf8')) : undefined;
    if (info) record.server = info.pid;
    if (root && info)
      return { child, dataDir, port: Number(root[1]), serverPid: info.pid, output: () => output, exited };
    if (gone || Date.now() > until) {
      killQuietly(-child.pid!);
      assert.fail(`it did not start serving (${gone ? 'it exited' : 'timed out'}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const npmStart = (dataDir: string) => ['start', '--', '--port', '0', '--data-dir', dataDir];

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits for every process of `run` to end: its group (when it has one) and the server. */
async function ended(run: Run, group = true): Promise<void> {
  for (const until = Date.now() + 60_000; ;) {
    if (!(group && alive(-run.child.pid!)) && !alive(run.serverPid)) return;
    if (Date.now() > until) {
      const left = spawnSync('ps', ['-o', 'pid,args', '-g', String(run.child.pid)], { encoding: 'utf8' }).stdout;
      killQuietly(-run.child.pid!);
      killQuietly(run.serverPid);
      assert.fail(`still running a minute after it was asked to stop:\n${left}\n${run.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Everything a clean stop leaves: nothing running, the port free, the folder unlocked, no run file, the WAL folded in, one stop in the log. */
async function assertStoppedCleanly(run: Run, group = true): Promise<void> {
  await ended(run, group);
  const output = run.output();
  assert.equal(await portFree(run.port), true, `the port ${run.port} is free\n${output}`);
  assert.equal(isDataDirLocked(run.dataDir), false, `the data folder's lock is released\n${output}`);
  assert.equal(existsSync(runFile(run.dataDir)), false, `server.json is removed\n${output}`);
  const wal = join(run.dataDir, 'almanac.sqlite-wal');
  assert.ok(!existsSync(wal) || statSync(wal).size === 0, 'the WAL is checkpointed into the database');
  const logFile = join(run.dataDir, 'logs', 'almanac.log');
  assert.ok(existsSync(logFile), `logs/almanac.log is written\n${output}`);
  const log = readFileSync(logFile, 'utf8');
  assert.equal(log.match(/^\S+ stopping \(/gm)?.length, 1, `one stop:\n${log}`);
  assert.equal(log.match(/ service stopped$/gm)?.length, 1, `stopped to the end:\n${log}`);
  assert.doesNotMatch(log, /login=/, 'the sign-in link stays out of the log');
}

test(
  "npm start, SIGTERM to npm's process id: the server stops too (npm's shell dies of it without passing it on)",
  { skip, timeout: 180_000 },
  async () => {
    const run = await launch('npm', npmStart);
    process.kill(run.child.pid!, 'SIGTERM');
    await assertStoppedCleanly(run);
  },
);

/** The process id of npm start's launcher (scripts/start.mjs), the server's parent. */
function launcherPid(run: Run): number {
  const found = spawnSync('pgrep', ['-g', String(run.child.pid), '-f', '^node scripts/start\\.mjs'], {
    encoding: 'utf8',
  });
  const pid = Number(found.stdout.trim().split('\n')[0]);
  assert.ok(pid > 0, `the launcher's process id: ${found.stdout} ${found.stderr}`);
  return pid;
}

// (SIGINT to npm's own process id alone is held by npm's shell, which, as POSIX shells do, waits
// for its child before acting on it: nothing of Almanac's receives it. A terminal's Ctrl+C goes to
// the whole group: below.)
test("npm start, SIGINT to its launcher, the server's parent", { skip, timeout: 180_000 }, async () => {
  const run = await launch('npm', npmStart);
  process.kill(launcherPid(run), 'SIGINT');
  await assertStoppedCleanly(run);
});

test(
  'npm start, SIGTERM to the whole process group, twice: each process gets it twice or more, and the server stops once',
  { skip, timeout: 180_000 },
  async () => {
    const run = await launch('npm', npmStart);
    process.kill(-run.child.pid!, 'SIGTERM');
    process.kill(-run.child.pid!, 'SIGTERM');
    await assertStoppedCleanly(run);
  },
);

test(
  'npm start, SIGINT to the group (what Ctrl+C in a terminal sends), then SIGHUP (the terminal closed)',
  { skip, timeout: 180_000 },
  async () => {
    const run = await launch('npm', npmStart);
    process.kill(-run.child.pid!, 'SIGINT');
    process.kill(-run.child.pid!, 'SIGHUP');
    await assertStoppedCleanly(run);
  },
);

test(
  'npm start, Ctrl+C typed in a real terminal',
  { skip: skip || (!hasScript && 'no `script` (util-linux) here'), timeout: 180_000 },
  async () => {
    // `script` runs the command on a pseudo-terminal and types what it reads: ^C there is the
    // terminal's SIGINT to its foreground process group, as in a user's terminal window.
    const run = await launch('script', (dataDir) => [
      '-qfec',
      `npm start -- --port 0 --data-dir '${dataDir}'`,
      '/dev/null',
    ]);
    run.child.stdin!.write('\x03');
    await run.exited;
    await assertStoppedCleanly(run, false);
  },
);

test(
  "npm start's launcher killed outright (SIGKILL): its server stops by itself",
  { skip, timeout: 180_000 },
  async () => {
    const run = await launch('npm', npmStart);
    process.kill(launcherPid(run), 'SIGKILL');
    // npm and its shell wait for the launcher; once it is gone they end, and the server stops.
    await assertStoppedCleanly(run);
  },
);

test("npm run serve, SIGTERM to npm's process id", { skip, timeout: 180_000 }, async () => {
  const run = await launch('npm', (dataDir) => ['run', 'serve', '--', '--port', '0', '--data-dir', dataDir]);
  process.kill(run.child.pid!, 'SIGTERM');
  await assertStoppedCleanly(run);
});

test('npm run almanac -- serve, SIGTERM to the group twice', { skip, timeout: 180_000 }, async () => {
  const run = await launch('npm', (dataDir) => ['run', 'almanac', '--', 'serve', '--port', '0', '--data-dir', dataDir]);
  process.kill(-run.child.pid!, 'SIGTERM');
  process.kill(-run.child.pid!, 'SIGTERM');
  await assertStoppedCleanly(run);
});
