// Starts the built server (dist/cli.mjs) on a data dir as `almanac serve` runs it, for the UI
// benchmarks: a child process, on a free port, no daily backup; resolves once it prints the UI's
// sign-in link. The child never outlives the script.
import { spawn, type ChildProcess } from 'node:child_process';

interface BuiltServer {
  child: ChildProcess;
  /** The one-time sign-in link it printed. */
  signInUrl: string;
  origin: string;
  stop(): Promise<void>;
}

export async function serveBuilt(dataDir: string): Promise<BuiltServer> {
  const child = spawn(process.execPath, ['dist/cli.mjs', 'serve', '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ALMANAC_DAILY_BACKUP: '0' },
  });
  process.on('exit', () => child.kill('SIGKILL'));
  const signInUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /Almanac UI: (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return {
    child,
    signInUrl,
    origin: new URL(signInUrl).origin,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
