// When the main process itself fails — an exception nobody caught, a promise rejected with nobody
// listening, or a start-up that threw — the user is told, never left with a window that stopped
// answering. In order: the error goes to the log (with its stack), the service stops cleanly
// (requests under way finish, the WAL is checkpointed, the run file removed, the data-dir lock
// released), and then a dialog says what happened, where the log is, and offers Restart or Quit.
// The service stops before the question, so nothing writes to the calendar while the dialog waits,
// and a restart finds the data folder free.
import type { Dialog, MessageBoxOptions } from 'electron';
import type { AppLog } from '../server/app-log.ts';

/** How long stopping the service may take before the app gives up on it (it is in trouble). */
export const FATAL_STOP_TIMEOUT_MS = 8000;

export interface FatalDeps {
  log: AppLog;
  /** Stops the service if it runs (resolves at once if none does). */
  stopService(): Promise<void>;
  dialog: Pick<Dialog, 'showMessageBox'>;
  /** app.relaunch + app.exit: the user chose Restart. */
  restart(): void;
  /** app.exit(code). */
  exit(code: number): void;
  /** The user has been told: the next start need not say the last run ended unexpectedly. */
  told(): void;
  stopTimeoutMs?: number;
}

export function fatalDialog(error: unknown, logFile: string): MessageBoxOptions {
  const what = error instanceof Error ? error.message : String(error);
  return {
    type: 'error',
    title: 'Almanac',
    message: 'Almanac ran into a problem and has to close.',
    detail:
      `${what}\n\nEverything Almanac had saved is safe in your data folder. ` +
      `What happened is written in ${logFile} — please attach that file if you report the problem.`,
    buttons: ['Restart Almanac', 'Quit'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  };
}

/** The handler for a fatal error; only the first one is acted on (later ones are logged). */
export function fatalErrorHandler(deps: FatalDeps): (error: unknown, origin: string) => Promise<void> {
  let handling: Promise<void> | undefined;
  return (error, origin) => {
    if (handling) {
      deps.log.error(`another error while handling the first (${origin})`, error);
      return handling;
    }
    handling = (async () => {
      deps.log.error(`fatal error (${origin})`, error);
      const timeout = deps.stopTimeoutMs ?? FATAL_STOP_TIMEOUT_MS;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          deps.stopService(),
          new Promise((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error(`it did not stop within ${timeout} ms`)), timeout);
          }),
        ]);
        deps.log.write('service stopped after the fatal error');
      } catch (stopError) {
        deps.log.error('the service could not be stopped cleanly', stopError);
      } finally {
        clearTimeout(timer);
      }
      let restart = false;
      try {
        restart = (await deps.dialog.showMessageBox(fatalDialog(error, deps.log.file))).response === 0;
      } catch (dialogError) {
        deps.log.error('the error dialog could not be shown', dialogError);
      }
      deps.told();
      deps.log.write(restart ? 'restarting at the user’s request' : 'quitting at the user’s request');
      if (restart) deps.restart();
      else deps.exit(1);
    })();
    return handling;
  };
}

/** The part of `process` the handlers are installed on (the crash handlers, and desktop.ts's signals). */
export interface ProcessEvents {
  on(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  on(event: NodeJS.Signals, listener: () => void): unknown;
}

/**
 * Uncaught exceptions and unhandled rejections both end the run (as they would in plain Node,
 * where an unhandled rejection is fatal since v15): after either, the process's state is unknown.
 */
export function installCrashHandlers(proc: ProcessEvents, fatal: (error: unknown, origin: string) => unknown): void {
  proc.on('uncaughtException', (error, origin) => void fatal(error, origin));
  proc.on('unhandledRejection', (reason) => void fatal(reason, 'unhandledRejection'));
}
