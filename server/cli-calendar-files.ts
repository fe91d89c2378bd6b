// `almanac export` and `almanac import`: the same export stream and import job as the API
// (almanac/v1/export and /import), run on the data dir directly as its install administrator —
// the person at the machine. Works while the app runs: SQLite serialises the writes, and the
// app's open views hear of the import through the change log.
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Store } from './db/store.ts';
import { siteUrls, type RequestContext } from './http/context.ts';
import { administratorContext } from './operations/context.ts';
import { OperationError } from './operations/errors.ts';
import { parseArgs as parseApiArgs } from './http/args.ts';
import { exportStream, type ExportFormat } from './calendar-files/export-stream.ts';
import type { CalendarFileFormat } from './calendar-files/read-calendar-file.ts';
import { ImportJobs, jobErrorBody, type ImportJob } from './import-jobs/import-jobs.ts';
import { writeGateOf } from './http/write-gate.ts';
import type { ImportJob as ImportJobBody } from '../contract/app/import-job.ts';
import type { ImportKind, ImportSummary } from '../contract/app/import-summary.ts';
import { calendarKey } from './app-api/exchange/export-reply.ts';
import { exportFilter } from './app-api/exchange/export-route.ts';
import { ExportArgs } from '../contract/app/exchange.ts';

interface CalendarFileOptions {
  site?: string;
  format?: string;
  /** `key=value` list filters, as GET /events takes them. */
  filter?: string[];
  dryRun?: boolean;
  /** CSV: what the rows are (events by default). */
  kind?: ImportKind;
  /** The running server's address, for the event pages' URLs in an export. */
  host: string;
}

/** The install administrator on `site`, with the running server's URLs (an export names its events' pages). */
function exportContext(store: Store, siteCode: string | undefined, host: string): RequestContext {
  const ctx = administratorContext(store, siteCode);
  return Object.assign(ctx, siteUrls(ctx.site, host));
}

function formatOf(given: string | undefined, file?: string): ExportFormat {
  const format = given ?? (file?.toLowerCase().endsWith('.csv') ? 'csv' : 'ics');
  if (format !== 'ics' && format !== 'csv') throw new Error(`--format must be ics or csv, not "${format}"`);
  return format;
}

/** An operation's refusal in words, with each bad parameter. */
function explain(error: unknown): never {
  if (error instanceof OperationError) {
    const params = (error.data.params ?? {}) as Record<string, string>;
    const lines = Object.values(params);
    throw new Error(lines.length > 0 ? lines.join('\n') : error.message);
  }
  throw error;
}

export async function exportCommand(
  store: Store,
  options: CalendarFileOptions,
  out: NodeJS.WritableStream,
): Promise<void> {
  const ctx = exportContext(store, options.site, options.host);
  const raw: Record<string, unknown> = {};
  for (const pair of options.filter ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--filter takes key=value (a GET /events parameter), not "${pair}"`);
    raw[pair.slice(0, at)] = pair.slice(at + 1);
  }
  let filter;
  try {
    const { args, errors } = parseApiArgs<ExportArgs>(ExportArgs, raw);
    const prepared = exportFilter(ctx, args, errors);
    errors.throwIfAny();
    filter = prepared.filter;
  } catch (error) {
    explain(error);
  }
  const format = formatOf(options.format);
  const stream = exportStream(store.db.name, format, filter, {
    name: ctx.site.title,
    timezone: ctx.site.timezone,
    baseUrl: ctx.baseUrl,
    calendarKey: calendarKey(ctx),
  });
  for await (const chunk of stream) {
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
  }
}

/**
 * A job's progress in words: "Reading… 40%", "Writing… 2,500 of 5,000 file entries (50%)". It counts
 * the file's entries (a repeating event is one, however many events it makes), so it says so: the
 * summary that follows counts the events made.
 */
export function progressWords(job: ImportJobBody): string {
  const percent = (done: number, total: number) => (total > 0 ? Math.floor((done / total) * 100) : 0);
  const count = (n: number) => n.toLocaleString('en-US');
  switch (job.phase) {
    case 'waiting':
      return 'Waiting for another import to finish…';
    case 'starting':
      return 'Starting…';
    case 'reading':
      return `Reading… ${percent(job.bytes_read, job.bytes_total)}%`;
    case 'planning':
    case 'writing':
      return `${job.phase === 'writing' ? 'Writing' : 'Checking'}… ${count(job.events_planned)} of ${count(job.events_total)} file entries (${percent(job.events_planned, job.events_total)}%)`;
    default:
      return job.status === 'running'
        ? 'Finishing…'
        : `Done: ${count(job.events_planned)} of ${count(job.events_total)} file entries.`;
  }
}

/**
 * Progress while the job runs, on stderr: on a terminal one line rewritten; elsewhere (a pipe, a
 * log file) a line whenever the phase changes or another tenth is done.
 */
function reportProgress(job: ImportJob): () => void {
  const tty = process.stderr.isTTY === true;
  let last = '';
  let lastStep = '';
  const print = () => {
    const body = job.body();
    const words = progressWords(body);
    if (tty) {
      if (words !== last) process.stderr.write(`\r\x1b[K${words}`);
    } else {
      const total = body.phase === 'reading' ? body.bytes_total : body.events_total;
      const done = body.phase === 'reading' ? body.bytes_read : body.events_planned;
      const step = `${body.phase}:${total > 0 ? Math.floor((done / total) * 10) : 0}`;
      if (step !== lastStep) process.stderr.write(`${words}\n`);
      lastStep = step;
    }
    last = words;
  };
  const timer = setInterval(print, tty ? 100 : 250);
  return () => {
    clearInterval(timer);
    if (tty) process.stderr.write('\r\x1b[K');
    else print();
  };
}

/**
 * Runs the import as a job on a worker thread (import-jobs.ts), as the API does: the same
 * reading, planning and one transaction, with progress printed while it runs.
 */
export async function importCommand(store: Store, file: string, options: CalendarFileOptions): Promise<ImportSummary> {
  const ctx = administratorContext(store, options.site);
  const format: CalendarFileFormat = formatOf(options.format, file);
  statSync(file); // a missing file is named now, not by the worker
  const jobs = new ImportJobs({ gate: writeGateOf(store), spare: false });
  const job = jobs.start(
    {
      databaseFile: store.db.name,
      file,
      format,
      kind: options.kind,
      dryRun: options.dryRun === true,
      siteCode: ctx.site.code,
      actor: ctx.actor,
      calendarKey: calendarKey(ctx),
      fileName: basename(file),
    },
    { siteId: ctx.site.id, userId: ctx.actor?.userId ?? 0 },
  );
  const stopReporting = reportProgress(job);
  try {
    await job.finished;
  } finally {
    stopReporting();
  }
  if (job.summary) return job.summary;
  const error = job.error;
  if (error?.kind === 'file') throw new Error(`${file}, line ${error.line}: ${error.message}`);
  if (error?.kind === 'api') explain(new OperationError('invalid', error.code, error.message, error.data));
  throw new Error(jobErrorBody(error)?.message ?? 'The import failed; nothing was written.');
}

/** The summary in words, for the terminal. */
export function describeImport(summary: ImportSummary): string {
  const lines = [
    `${summary.dry_run ? 'Would create' : 'Created'} ${summary.created}, ${summary.dry_run ? 'update' : 'updated'} ${summary.updated}, skipped ${summary.skipped}${summary.kind === 'events' ? '' : ` (${summary.kind})`}.`,
  ];
  for (const series of summary.series)
    lines.push(
      `Line ${series.line}: "${series.title}" repeats: ${series.instances} events${series.truncated ? ' (cut at the two-year window or 1,000 instances)' : ''}.`,
    );
  for (const [kind, group] of Object.entries(summary.related ?? {})) {
    if (group.created + group.existing === 0) continue;
    const existing = group.items.filter((item) => item.action === 'existing');
    const named = existing.map((item) => `"${item.name}"${item.matched_by ? ` (by ${item.matched_by})` : ''}`);
    lines.push(
      `${kind[0]?.toUpperCase()}${kind.slice(1)}: ${group.created} new, ${group.existing} already in the site${named.length > 0 ? `: ${named.slice(0, 10).join(', ')}${named.length > 10 ? ', …' : ''}` : ''}.`,
    );
  }
  for (const skip of summary.skipped_items)
    lines.push(`Line ${skip.line}: skipped${skip.title ? ` "${skip.title}"` : ''}: ${skip.reason}`);
  for (const warning of summary.warnings) lines.push(`Line ${warning.line}: ${warning.message}`);
  if (summary.dry_run) lines.push('Nothing was written (--dry-run).');
  return lines.join('\n');
}
