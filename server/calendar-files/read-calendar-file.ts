// One entry point for the importers (the API route and `almanac import`): a file's text, as it
// arrives in chunks, read by the reader of its format — events from either format, or venues or
// organizers from a CSV file — with, for CSV, the columns and what each feeds (the mapping
// preview). A CSV file whose columns cannot be recognised throws UnmappedColumnsError, which
// carries its headings so the caller can ask for a mapping.
import type { ReadCalendarFile } from './imported-event.ts';
import { CalendarFileError } from './imported-event.ts';
import type { CsvColumns, ImportKind } from '../../contract/app/import-summary.ts';
import { readIcsStream } from './ics/read-ics.ts';
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
}

export type ReadResult =
  | { kind: 'events'; file: ReadCalendarFile; columns?: CsvColumns }
  | { kind: 'venues'; items: CsvVenue[]; file: ReadCalendarFile; columns: CsvColumns }
  | { kind: 'organizers'; items: CsvOrganizer[]; file: ReadCalendarFile; columns: CsvColumns };

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
    const file = await readIcsStream(chunks, {
      siteTimezone: options.siteTimezone,
      now: new Date(),
      totalBytes: options.totalBytes,
      onProgress: options.onProgress,
    });
    return { kind: 'events', file };
  }
  // A spreadsheet is small next to a calendar export: read whole, then parsed.
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return readCsvText(text, options.kind ?? 'events', options);
}
