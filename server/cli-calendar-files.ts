// `almanac export` and `almanac import`: the same export stream and import plan as the API
// (almanac/v1/export and /import), run on the data dir directly as its install administrator —
// the person at the machine. Works while the app runs: SQLite serialises the writes, and the
// app's open views hear of the import through the change log.
import { createReadStream, statSync } from 'node:fs';
import type { Store } from './db/store.ts';
import { siteUrls, type RequestContext } from './http/context.ts';
import { administratorContext } from './operations/context.ts';
import { OperationError } from './operations/errors.ts';
import { parseArgs as parseApiArgs } from './http/args.ts';
import { exportStream, type ExportFormat } from './calendar-files/export-stream.ts';
import { readCalendarFile, type CalendarFileFormat } from './calendar-files/read-calendar-file.ts';
import { CalendarFileError } from './calendar-files/imported-event.ts';
import { runFileImport } from './calendar-files/run-import.ts';
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

/** Progress on a terminal: one line, rewritten (nothing when stderr is a file or a pipe). */
function progressLine(): (fraction: number) => void {
  let last = -1;
  return (fraction) => {
    const percent = Math.floor(fraction * 100);
    if (!process.stderr.isTTY || percent === last) return;
    last = percent;
    process.stderr.write(`\rReading… ${percent}%`);
  };
}

export async function importCommand(store: Store, file: string, options: CalendarFileOptions): Promise<ImportSummary> {
  const ctx = administratorContext(store, options.site);
  const format: CalendarFileFormat = formatOf(options.format, file);
  let read;
  try {
    read = await readCalendarFile(format, createReadStream(file, { encoding: 'utf8' }) as AsyncIterable<string>, {
      siteTimezone: ctx.site.timezone,
      kind: options.kind,
      totalBytes: statSync(file).size,
      onProgress: progressLine(),
    });
  } catch (error) {
    if (error instanceof CalendarFileError)
      throw new Error(`${file}, line ${error.line}: ${error.message}`, { cause: error });
    throw error;
  } finally {
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  }
  return store.writing(() =>
    runFileImport(ctx, read, { dryRun: options.dryRun === true, calendarKey: calendarKey(ctx) }),
  );
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
