// When the service cannot start, the user gets a dialog that says why in words and offers a way
// out — restore the latest backup, open the data folder, try again, quit — never a blank window
// or a crash. The loop runs until the service starts or the user quits.
import type { MessageBoxOptions } from 'electron';
import { StartupError } from '../server/startup-errors.ts';
import type { RunningService } from '../server/service.ts';

export type Recovery = 'retry' | 'restore-backup' | 'open-folder' | 'quit';

export interface RecoveryPlan {
  message: string;
  detail: string;
  choices: { label: string; action: Recovery }[];
}

const QUIT = { label: 'Quit', action: 'quit' } as const;
const RETRY = { label: 'Try Again', action: 'retry' } as const;
const OPEN = { label: 'Open Data Folder', action: 'open-folder' } as const;

/** The dialog for a start-up failure; `backup` is the newest usable backup, if any. */
export function recoveryPlan(error: StartupError, backup: string | undefined): RecoveryPlan {
  const restore = backup ? [{ label: 'Restore Latest Backup', action: 'restore-backup' } as const] : [];
  const noBackup = backup ? '' : ' No backup that this version can open was found in the data folder.';
  switch (error.problem) {
    case 'locked':
      return {
        message: 'Almanac is already running on this calendar.',
        detail: `${error.message}. Quit the other Almanac (or stop \`almanac serve\`), then try again.`,
        choices: [RETRY, QUIT],
      };
    case 'not-writable':
      return {
        message: 'Almanac cannot save to its data folder.',
        detail: error.message,
        choices: [OPEN, RETRY, QUIT],
      };
    case 'corrupt':
    case 'newer-schema':
    case 'changed-schema':
      return {
        message:
          error.problem === 'corrupt'
            ? 'The calendar file is damaged.'
            : 'The calendar file was saved by another version of Almanac.',
        detail: `${error.message}${noBackup}`,
        choices: [...restore, OPEN, QUIT],
      };
    case 'no-port':
      return { message: 'Almanac could not open its local port.', detail: error.message, choices: [RETRY, QUIT] };
    default:
      return { message: 'Almanac could not start.', detail: error.message, choices: [OPEN, RETRY, QUIT] };
  }
}

export interface RecoveryDeps {
  start(): Promise<RunningService>;
  showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>;
  openFolder(path: string): void;
  /** The newest usable backup of the data dir, if any. */
  latestBackup(dataDir: string): string | undefined;
  /** Replaces the database with `file` (under the data dir's lock; the current one is saved first). */
  restoreBackup(dataDir: string, file: string): void;
}

/** Starts the service, asking the user what to do after each failure; undefined: they chose to quit. */
export async function startWithRecovery(deps: RecoveryDeps): Promise<RunningService | undefined> {
  for (;;) {
    try {
      return await deps.start();
    } catch (error) {
      const failure =
        error instanceof StartupError
          ? error
          : new StartupError('unknown', `Almanac could not start: ${(error as Error).message}`, '', { cause: error });
      const backup = failure.dataDir ? deps.latestBackup(failure.dataDir) : undefined;
      const plan = recoveryPlan(failure, backup);
      const { response } = await deps.showMessageBox({
        type: 'error',
        title: 'Almanac',
        message: plan.message,
        detail: plan.detail,
        buttons: plan.choices.map((choice) => choice.label),
        defaultId: 0,
        cancelId: plan.choices.length - 1,
        noLink: true,
      });
      const action = plan.choices[response]?.action ?? 'quit';
      if (action === 'quit') return undefined;
      if (action === 'open-folder') deps.openFolder(failure.dataDir);
      if (action === 'restore-backup' && backup) {
        try {
          deps.restoreBackup(failure.dataDir, backup);
        } catch (restoreError) {
          await deps.showMessageBox({
            type: 'error',
            title: 'Almanac',
            message: 'The backup could not be restored.',
            detail: (restoreError as Error).message,
            buttons: ['OK'],
          });
        }
      }
    }
  }
}
