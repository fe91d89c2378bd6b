// Real CalDAV clients and a reference server for the CalDAV tests, all Debian packages installed
// by `npm test`'s set-up (scripts/ensure-debian-tools.mjs): python3-caldav (driven by
// clients/caldav_client.py), vdirsyncer, and Radicale — a CalDAV server the same client steps run
// against, so that the steps themselves are known to be right. Where they are missing the tests
// skip and say why.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const PYTHON = '/usr/bin/python3';
const CLIENT = fileURLToPath(new URL('./clients/caldav_client.py', import.meta.url));

async function works(file: string, args: string[]): Promise<boolean> {
  if (!existsSync(file)) return false;
  try {
    await run(file, args, { timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

let checked: Promise<string | undefined> | undefined;

/** Why the client tests cannot run here (undefined: they can). */
export function missingClients(): Promise<string | undefined> {
  checked ??= (async () => {
    if (!(await works(PYTHON, ['-c', 'import caldav, radicale'])))
      return 'python3-caldav or radicale is not installed (apt-get install python3-caldav radicale; npm test installs them as root on Debian)';
    if (!(await works('/usr/bin/vdirsyncer', ['--version'])))
      return 'vdirsyncer is not installed (apt-get install vdirsyncer)';
    return undefined;
  })();
  return checked;
}

export interface DavTarget {
  name: string;
  /** The URL a user types into a calendar app. */
  url: string;
  user: string;
  password: string;
  /** The last segment of the calendar's URL. */
  calendar: string;
}

/** One step of clients/caldav_client.py against `target`; its JSON answer. */
export async function clientStep<T = Record<string, unknown>>(
  target: DavTarget,
  step: string,
  ...args: string[]
): Promise<T> {
  const { stdout } = await run(PYTHON, [CLIENT, step, ...args], {
    timeout: 60_000,
    env: {
      ...process.env,
      CALDAV_URL: target.url,
      CALDAV_USER: target.user,
      CALDAV_PASSWORD: target.password,
      CALDAV_CALENDAR: target.calendar,
    },
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as T;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Radicale stopped: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      fetch(`http://127.0.0.1:${port}/`).then(
        () => resolve(true),
        () => resolve(false),
      );
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Radicale did not start: ${log()}`);
}

export interface Radicale {
  target: DavTarget;
  stop(): Promise<void>;
}

/** Radicale on a free loopback port, with one user (plain htpasswd) and an empty storage. */
export async function startRadicale(): Promise<Radicale> {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-radicale-'));
  const port = await freePort();
  writeFileSync(join(dir, 'users'), 'alice:secret-password\n');
  writeFileSync(
    join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[logging]',
      'level = warning',
    ].join('\n'),
  );
  let output = '';
  const child = spawn(PYTHON, ['-m', 'radicale', '--config', join(dir, 'config')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await waitForPort(port, child, () => output);
  const target: DavTarget = {
    name: 'Radicale',
    url: `http://127.0.0.1:${port}/`,
    user: 'alice',
    password: 'secret-password',
    calendar: 'almanac-tests',
  };
  await clientStep(target, 'ensure-calendar');
  return {
    target,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs vdirsyncer with `config` (a file path) and the given arguments; its output. */
export async function vdirsyncer(config: string, ...args: string[]): Promise<string> {
  const { stdout, stderr } = await run('/usr/bin/vdirsyncer', ['-c', config, ...args], {
    timeout: 120_000,
    env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' },
  });
  return stdout + stderr;
}
