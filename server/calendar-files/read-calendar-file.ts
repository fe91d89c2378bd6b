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
import { FIELDS, readCsv, type CsvOrganizer, type CsvVenue, type ReadCsvResult } from './csv/read-csv.ts';
import { parseRecords } from './csv/parse-records.ts';

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
   * .ics: keep the events read on disk until the plan reads them (event-spill.ts), not in the
   * heap — an import job's setting; the caller then calls releaseRead once done with them.
   */
  spill?: boolean;
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

function columnsOf(read: ReadCsvResult): CsvColumns {
  return { headings: read.headings, mapping: read.mapping, fields: fieldsOf(read.kind) };
}

function readCsvText(text: string, kind: ImportKind, options: ReadOptions): ReadResult {
  let read: ReadCsvResult;
  try {
    read = readCsv(text, { kind, siteTimezone: options.siteTimezone, mapping: options.mapping });
  } catch (error) {
    if (!(error instanceof CalendarFileError) || error.code !== 'unknown_columns') throw error;
    const headings = parseRecords(text).records[0]?.fields.map((cell) => cell.trim()) ?? [];
    const mapping = Object.fromEntries(headings.map((heading) => [heading, options.mapping?.[heading] ?? '']));
    throw new UnmappedColumnsError(error, { headings, mapping, fields: fieldsOf(kind) });
  }
  const columns = columnsOf(read);
  if (read.kind === 'events') return { kind: 'events', file: read, columns };
  const file = { events: [], skipped: read.skipped, warnings: read.warnings, series: [] };
  if (read.kind === 'venues') return { kind: 'venues', items: read.venues, file, columns };
  return { kind: 'organizers', items: read.organizers, file, columns };
}

export async function readCalendarFile(
  format: CalendarFileFormat,
  chunks: AsyncIterable<string>,
  options: ReadOptions,
): Promise<ReadResult> {
  if (format === 'ics') {
    const shelf: EventShelf<ImportedEvents> = options.spill ? new EventSpill() : new ArrayShelf();
    const file = await readIcsOnto(
      chunks,
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
  // A spreadsheet is small next to a calendar export: read whole, then parsed.
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return readCsvText(text, options.kind ?? 'events', options);
}
