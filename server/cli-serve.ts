// `almanac serve`: the service (service.ts) until something asks it to stop, with the same log the
// desktop app writes (<data dir>/logs/almanac.log, app-log.ts). Whatever asks, the service stops
// once, gracefully — requests under way finish, the WAL is checkpointed, server.json is removed and
// the data folder's lock released — and the process then ends by itself:
//   - SIGINT (Ctrl+C), SIGTERM (`kill`), SIGHUP (the terminal closed), however many arrive: a
//     signal sent to a whole process group reaches this process and, through a launcher such as
//     scripts/start.mjs, again; the second one used to end the process before its stop was done;
//   - the 'stop' message of a parent that started it with an IPC channel (Windows cannot send
//     SIGTERM: a kill there ends the process at once), or that parent going away (its channel
//     closes when it exits, even killed: the server must not outlive the launcher it belongs to);
//   - an exception nobody caught: logged with its stack, then the same stop, and exit code 1.
import { logsDir, openAppLog, type AppLog } from './app-log.ts';
import { startService, type RunningService, type ServiceOptions } from './service.ts';

/** The signals that stop the server (on Windows Node emits SIGINT for Ctrl+C, SIGHUP when the console closes). */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** How long an uncaught exception's stop may take before the process ends anyway (it is in trouble). */
const FATAL_STOP_MS = 8000;

/**
 * What first asked this process to stop (`asked`). Later asks are only said while the stop runs
 * (a default signal handler would end the process in the middle of it), and ignored once it is
 * done (`stopped()`): the process is ending by itself.
 */
function stopRequests(log: AppLog): { asked: Promise<string>; stopped(): void } {
  let first: string | undefined;
  let done = false;
  const asked = new Promise<string>((resolve) => {
    const ask = (why: string) => {
      if (first === undefined) {
        first = why;
        resolve(why);
      } else if (!done) log.write(`${why} while stopping (asked by ${first}): still stopping`);
    };
    for (const signal of STOP_SIGNALS) process.on(signal, () => ask(signal));
    process.on('message', (message) => message === 'stop' && ask("the parent's 'stop' message"));
    process.on('disconnect', () => ask('the parent going away'));
  });
  return { asked, stopped: () => (done = true) };
}

/** Serves until asked to stop (see above); resolves once the service has stopped. */
export async function serveUntilStopped(options: ServiceOptions & { dataDir: string }): Promise<void> {
  const log = openAppLog(logsDir(options.dataDir));
  const requests = stopRequests(log);
  let service: RunningService | undefined;
  // Listened for before the service starts: an exception during start-up is logged too.
  const fatal = (error: unknown, origin: string) => {
    log.error(`fatal error (${origin})`, error);
    process.exitCode = 1;
    const timer = setTimeout(() => {
      log.write(`the service did not stop within ${FATAL_STOP_MS} ms after the fatal error; exiting`);
      process.exit(1);
    }, FATAL_STOP_MS);
    timer.unref();
    void (service?.stop({ graceMs: 2000 }) ?? Promise.resolve())
      .then(() => log.write('service stopped after the fatal error'))
      .finally(() => process.exit(1));
  };
  process.on('uncaughtException', (error, origin) => fatal(error, origin));
  process.on('unhandledRejection', (reason) => fatal(reason, 'unhandledRejection'));

  log.write(`Almanac serve starting (pid ${process.pid}, Node ${process.versions.node}, data dir ${options.dataDir})`);
  try {
    // A StartupError's message says what is wrong in words (cli.ts prints it).
    service = await startService({ ...options, log: (line) => log.write(line) });
  } catch (error) {
    log.write(`not started: ${(error as Error).message}`);
    throw error;
  }
  log.write(`Almanac data dir: ${service.dataDir}`);
  log.write(`Almanac API root: ${service.apiRoot}`);
  // The one-time link that signs the browser in as the install's administrator (ten minutes):
  // on the console only, never in the log (a file people attach to reports).
  console.log(`Almanac UI: ${service.signInUrl()}`);
  const why = await requests.asked;
  log.write(`stopping (${why})`);
  await service.stop();
  requests.stopped();
  log.write('service stopped');
}
