// Why the service could not start, in words a user can act on. The desktop app turns each problem
// into a dialog with a way out (restore the latest backup, open the data folder, quit); the CLI
// prints the message. Anything not recognised stays `unknown` with the original message.
import { DataDirLockedError } from './data-dir-lock.ts';
import { MigrationError } from './db/migrate.ts';
import type { RunInfo } from './run-file.ts';

type StartupProblem =
  | 'locked' // another Almanac serves this data dir
  | 'not-writable' // the data dir or its database cannot be created or written
  | 'corrupt' // the database file is damaged or not a database
  | 'newer-schema' // written by a newer version of Almanac
  | 'changed-schema' // its applied migrations differ from this version's
  | 'no-port' // nothing could be bound on 127.0.0.1
  | 'unknown';

export class StartupError extends Error {
  readonly problem: StartupProblem;
  readonly dataDir: string;
  /** For `locked`: the running owner, when its run file says. */
  readonly owner: RunInfo | undefined;

  constructor(
    problem: StartupProblem,
    message: string,
    dataDir: string,
    options: { owner?: RunInfo; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.problem = problem;
    this.dataDir = dataDir;
    this.owner = options.owner;
  }
}

const codeOf = (error: unknown) => String((error as { code?: unknown }).code ?? '');

const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'EISDIR', 'ENOSPC']);

/** Classifies an error thrown while taking the lock or opening the database. */
export function explainDataDirFailure(error: unknown, dataDir: string): StartupError {
  if (error instanceof StartupError) return error;
  const code = codeOf(error);
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof DataDirLockedError) {
    return new StartupError('locked', error.message, dataDir, { owner: error.owner, cause: error });
  }
  if (error instanceof MigrationError) {
    return /does not know/.test(detail)
      ? new StartupError(
          'newer-schema',
          `The calendar in ${dataDir} was saved by a newer version of Almanac (${detail}). Install the newer version, or restore a backup made with this one.`,
          dataDir,
          { cause: error },
        )
      : new StartupError(
          'changed-schema',
          `The calendar in ${dataDir} does not match this version of Almanac (${detail}).`,
          dataDir,
          { cause: error },
        );
  }
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return new StartupError(
      'corrupt',
      `The calendar database in ${dataDir} is damaged and cannot be opened (${detail}).`,
      dataDir,
      { cause: error },
    );
  }
  if (
    NOT_WRITABLE.has(code) ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_CANTOPEN') ||
    code === 'SQLITE_PERM' ||
    code === 'SQLITE_FULL'
  ) {
    return new StartupError(
      'not-writable',
      `Almanac cannot write its data folder ${dataDir} (${detail}). Check that the folder exists, is a folder, and that you may write to it and the disk has room.`,
      dataDir,
      { cause: error },
    );
  }
  return new StartupError('unknown', `Almanac could not open ${dataDir}: ${detail}`, dataDir, { cause: error });
}

/** Classifies an error thrown while binding the port. */
export function explainListenFailure(error: unknown, dataDir: string): StartupError {
  const detail = error instanceof Error ? error.message : String(error);
  return new StartupError(
    'no-port',
    `Almanac could not open a port on 127.0.0.1 for the calendar (${detail}). Close programs that hold many ports, or set ALMANAC_PORT to a free one.`,
    dataDir,
    { cause: error },
  );
}
