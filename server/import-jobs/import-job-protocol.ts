// What the event loop (import-jobs.ts) and an import job's worker (import-worker.ts) exchange.
// Progress and Cancel go through shared memory, not messages: the worker checks and writes its
// events in one synchronous loop inside one transaction, where it cannot receive a message, but
// it can read a cancel flag and bump counters that the event loop reads whenever a client asks.
import type { Actor } from '../domain/roles.ts';
import type { ImportKind, ImportSummary } from '../../contract/app/import-summary.ts';
import type { CalendarFileFormat } from '../calendar-files/read-calendar-file.ts';
import type { ImportJobPhase } from '../../contract/app/import-job.ts';

/** Everything the worker needs, as plain data (it opens its own connection and store). */
export interface ImportJobSpec {
  databaseFile: string;
  /** The file to read: an upload spooled to a temporary file, or the CLI's file itself. */
  file: string;
  format: CalendarFileFormat;
  kind?: ImportKind;
  mapping?: Record<string, string>;
  dryRun: boolean;
  siteCode: string;
  actor: Actor | null;
  /** ../app-api/exchange/export-reply.ts calendarKey: an event of this calendar, exported and brought back. */
  calendarKey: string;
  /** The file's name as the user chose it ('' when the client did not say), for the list of jobs. */
  fileName: string;
}

/** Slots of the shared Int32Array. */
export const SLOT = {
  /** Set to 1 by the event loop: the worker stops at its next event or chunk and rolls back. */
  cancel: 0,
  phase: 1,
  bytesRead: 2,
  bytesTotal: 3,
  eventsTotal: 4,
  eventsPlanned: 5,
  eventsWritten: 6,
  /**
   * Tests only (ImportJobs.holdNextJobAt; no HTTP surface): when above 0, the worker stops before
   * that many + 1st event, inside its transaction, until the slot changes or the job is cancelled —
   * so a test sees a job halfway at a certain point, on any machine, without sleeping.
   */
  holdAt: 7,
} as const;
export const SLOT_COUNT = 8;

/** In order; a job's slot starts at 0, 'waiting' (ImportJobs.start moves it on when its turn has come). */
export const PHASES: ImportJobPhase[] = ['waiting', 'starting', 'reading', 'planning', 'writing', 'finished'];

/** Worker → event loop. */
export type WorkerMessage =
  /** Read and ready to write: the event loop closes its write gate and answers `go`. */
  | { type: 'lock' }
  /** `reusedRead`: the job took its preview's read instead of reading the file (kept-read.ts). */
  | { type: 'done'; summary: ImportSummary; reusedRead: boolean }
  | { type: 'failed'; error: JobError };

/** Event loop → worker: its job (one per worker), then, once it asked for the lock, `go`. */
export type LoopMessage = { type: 'start'; spec: ImportJobSpec; shared: SharedArrayBuffer } | { type: 'go' };

/** Why a job ended without a summary, as data (an Error does not cross threads with its class). */
export type JobError =
  | { kind: 'cancelled' }
  /** A file the readers refused, with its line (and, for CSV, the columns to map). */
  | { kind: 'file'; line: number; code: string; message: string; columns?: unknown }
  /** An API error the import plan raised (its status and body). */
  | { kind: 'api'; status: number; code: string; message: string; data: Record<string, unknown> }
  /** Anything else: a fault, logged; nothing was written. */
  | { kind: 'fault'; message: string };
