// One entry point for the importers (the API route and `almanac import`): a file's text, as it
// arrives in chunks, read by the reader of its format — events from either format, or venues or
// organizers from a CSV file — with, for CSV, the columns and what each feeds (the mapping
// preview). A CSV file whose columns cannot be recognised throws UnmappedColumnsError, which
// carries its headings so the caller can ask for a mapping.
import type { ImportedEvents, ReadCalendarFile } from './imported-event.ts';
import { CalendarFileError } from './imported-event.ts';
import type { CsvColumns, ImportKind } from '../../contract/app/import-summary.ts';
import { readIcsOnto } from './ics/read-ics.ts';
import { ArrayShelf, type EventShelf } from './event-shelf.ts';
import { EventSpill, SpilledEvents } from './event-spill.ts';
import {
  FIELDS,
  readCsv,
  readCsvEventsAsTheyCome,
  UnknownColumns,
  type CsvOrganizer,
  type CsvVenue,
  type ReadCsvResult,
} from './csv/read-csv.ts';
import { parseRecords } from './csv/parse-records.ts';
import { rawHeadingsOf } from './csv/read-csv.ts';

export type CalendarFileFormat = 'ics' | 'csv';

interface ReadOptions {
  siteTimezone: string;
  /** What the rows are (CSV only; an .ics file holds events). */
  kind?: ImportKind;
  /** CSV: heading → field id, for headings that are not The Events Calendar's. */
  mapping?: Record<string, string>;
  /** Bytes of the whole file, when known (progress). */
  totalBytes?: number;
  onProgress?: (fraction: number) => void;
  /**
   * Keep the events read on disk until the plan reads them (event-spill.ts), not in the heap — an
   * import job's setting; the caller then calls releaseRead once done with them.
   */
  spill?: boolean;
}

/**
 * The file's text in chunks. A function when the file can be read again (a file on disk): a CSV
 * file of events is then read as it comes, twice (csv/read-csv.ts readCsvEventsAsTheyCome), not
 * whole — a 34 MB spreadsheet read whole took +273 MB.
 */
export type FileChunks = AsyncIterable<string> | ((pass: 'scan' | 'read') => AsyncIterable<string>);

function unmapped(error: CalendarFileError, headings: string[], options: ReadOptions, kind: ImportKind) {
  const mapping = Object.fromEntries(headings.map((heading) => [heading, options.mapping?.[heading] ?? '']));
  return new UnmappedColumnsError(error, { headings, mapping, fields: fieldsOf(kind) });
}

export type ReadResult =
  | { kind: 'events'; file: ReadCalendarFile<ImportedEvents>; columns?: CsvColumns }
  | { kind: 'venues'; items: CsvVenue[]; file: ReadCalendarFile; columns: CsvColumns }
  | { kind: 'organizers'; items: CsvOrganizer[]; file: ReadCalendarFile; columns: CsvColumns };

/** Deletes what a read with `spill` keeps on disk (nothing otherwise). */
export function releaseRead(read: ReadResult): void {
  if (read.file.events instanceof SpilledEvents) read.file.events.close();
}

/** The CSV columns could not be matched to the required fields: a mapping is needed. */
export class UnmappedColumnsError extends CalendarFileError {
  constructor(
    cause: CalendarFileError,
    readonly columns: CsvColumns,
  ) {
    super(cause.line, cause.code, cause.message);
  }
}

function fieldsOf(kind: ImportKind): CsvColumns['fields'] {
  return FIELDS[kind]
    .filter((field) => !field.ignored)
    .map(({ id, label, required }) => ({ id, label, required: required === true }));
}

function columnsOf(read: Pick<ReadCsvResult, 'headings' | 'mapping' | 'kind'>): CsvColumns {
  return { headings: read.headings, mapping: read.mapping, fields: fieldsOf(read.kind) };
}

function readCsvText(text: string, kind: ImportKind, options: ReadOptions): ReadResult {
  let read: ReadCsvResult;
  try {
    read = readCsv(text, { kind, siteTimezone: options.siteTimezone, mapping: options.mapping });
  } catch (error) {
    if (!(error instanceof CalendarFileError) || error.code !== 'unknown_columns') throw error;
    throw unmapped(error, rawHeadingsOf(parseRecords(text).records[0]), options, kind);
  }
  const columns = columnsOf(read);
  if (read.kind === 'events') return { kind: 'events', file: read, columns };
  const file = { events: [], skipped: read.skipped, warnings: read.warnings, series: [] };
  if (read.kind === 'venues') return { kind: 'venues', items: read.venues, file, columns };
  return { kind: 'organizers', items: read.organizers, file, columns };
}

export async function readCalendarFile(
  format: CalendarFileFormat,
  source: FileChunks,
  options: ReadOptions,
): Promise<ReadResult> {
  const once = () => (typeof source === 'function' ? source('read') : source);
  const kind = options.kind ?? 'events';
  if (format === 'csv' && kind === 'events' && typeof source === 'function') {
    const shelf: EventShelf<ImportedEvents> = options.spill ? new EventSpill() : new ArrayShelf();
    try {
      const file = await readCsvEventsAsTheyCome(
        source,
        { kind, siteTimezone: options.siteTimezone, mapping: options.mapping },
        shelf,
      );
      return { kind: 'events', file, columns: columnsOf(file) };
    } catch (error) {
      shelf.discard();
      if (error instanceof UnknownColumns) throw unmapped(error.error, error.headings, options, kind);
      throw error;
    }
  }
  if (format === 'ics') {
    const shelf: EventShelf<ImportedEvents> = options.spill ? new EventSpill() : new ArrayShelf();
    const file = await readIcsOnto(
      once(),
      {
        siteTimezone: options.siteTimezone,
        now: new Date(),
        totalBytes: options.totalBytes,
        onProgress: options.onProgress,
      },
      shelf,
    );
    return { kind: 'events', file };
  }
  // A text that comes once (a test's, CalDAV's), or a list of venues or organizers: read whole.
  let text = '';
  for await (const chunk of once()) text += chunk;
  return readCsvText(text, kind, options);
}
