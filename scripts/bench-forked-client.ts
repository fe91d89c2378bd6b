// A benchmark's client in a process of its own (forked with IPC), so that its requests and its
// timing take none of the server's CPU time in the bench's process, which is the server. `ask`
// sends the client a request and answers its report; meanwhile the client may say
// `{ loop: 'start' | 'stop' }` to have this process watch its own event loop (`loop`), or
// `{ cpu: true }` to be told the CPU time this process has used so far (serverCpuMs, on the
// client's side: the server's CPU for a request, all its threads), and `idleLoopP99` measures the
// same loop doing nothing: the floor of the loop figure.
import { fork } from 'node:child_process';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { Serializable } from 'node:child_process';

export interface ForkedClient<Request, Report> {
  ask(request: Request): Promise<Report>;
  /** This process's event-loop delay between the client's last `start` and `stop`. */
  loop: IntervalHistogram;
  disconnect(): void;
}

export function forkClient<Request extends Serializable, Report>(file: string): ForkedClient<Request, Report> {
  const client = fork(file, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const ask = (request: Request) =>
    new Promise<Report>((resolve, reject) => {
      const onMessage = (message: Report | { loop: 'start' | 'stop' } | { cpu: true }) => {
        if (message && typeof message === 'object' && 'cpu' in message) {
          const { user, system } = process.cpuUsage();
          client.send({ cpuMs: (user + system) / 1000 });
          return;
        }
        if (message && typeof message === 'object' && 'loop' in message) {
          if (message.loop === 'start') {
            loop.reset();
            loop.enable();
          } else loop.disable();
          return;
        }
        client.off('message', onMessage);
        client.off('exit', onExit);
        resolve(message as Report);
      };
      const onExit = (code: number | null) => reject(new Error(`the bench client stopped (${code})`));
      client.on('message', onMessage);
      client.once('exit', onExit);
      client.send(request);
    });
  return { ask, loop, disconnect: () => client.disconnect() };
}

/** The p99 delay of this (the server's) event loop over `ms` with nothing to do: the floor of the loop figure. */
export async function idleLoopP99(ms: number): Promise<number> {
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, ms));
  idle.disable();
  return idle.percentile(99) / 1e6;
}

/**
 * On the client's side: the CPU time (ms, every thread) the server process has used so far. Read
 * it before and after a request for the server's CPU for that request (and whatever else it did
 * meanwhile: nothing, when the bench is idle).
 */
export function serverCpuMs(): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (!message || typeof message !== 'object' || !('cpuMs' in message)) return;
      process.off('message', onMessage);
      resolve((message as { cpuMs: number }).cpuMs);
    };
    process.on('message', onMessage);
    process.send!({ cpu: true });
  });
}
