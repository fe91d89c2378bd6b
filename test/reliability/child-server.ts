// The service as a separate process (as the desktop shell runs it): `node --import tsx server/almanac.ts
// serve --port 0 --data-dir DIR`, ready once it prints its API root. For tests that kill it.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildServer {
  child: ChildProcess;
  pid: number;
  /** `http://127.0.0.1:PORT/svc/events/v1` */
  apiRoot: string;
  /** The last 64 kB of its stdout and stderr. */
  output(): string;
  exited: Promise<ChildExit>;
  /**
   * Sends `signal` (if still running) and waits for the exit. On Windows, where signals cannot be
   * sent (a kill is immediate), SIGTERM and SIGINT become the 'stop' message: the same graceful stop.
   */
  stop(signal?: NodeJS.Signals): Promise<ChildExit>;
}

export async function startChildServer(
  dataDir: string,
  options: { nodeArgs?: string[]; readyTimeoutMs?: number; env?: Record<string, string> } = {},
): Promise<ChildServer> {
  const args = [
    ...(options.nodeArgs ?? ['--import', 'tsx']),
    'server/almanac.ts',
    'serve',
    '--port',
    '0',
    '--data-dir',
    dataDir,
  ];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    // The IPC channel is how a graceful stop is asked for on Windows (see stop()).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ...options.env },
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-64_000);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<ChildExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const apiRoot = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${options.readyTimeoutMs ?? 30_000} ms:\n${output}`));
    }, options.readyTimeoutMs ?? 30_000);
    const onData = () => {
      const match = /Almanac API root: (http:\/\/127\.0\.0\.1:\d+\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });

  return {
    child,
    pid: child.pid!,
    apiRoot,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        if (process.platform === 'win32' && signal !== 'SIGKILL' && child.connected) child.send('stop');
        else child.kill(signal);
      }
      return exited;
    },
  };
}
