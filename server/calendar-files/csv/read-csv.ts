// Reads a CSV file of events, venues or organizers, in the column layout of The Events Calendar's
// CSV importer or close to it: the headings are matched to fields (tec-columns.ts), a caller may
// correct that mapping after a preview, and each row becomes a record or a skip with its line.
// Nothing here touches the database: the import plan decides what the records change.

import type { ImportSkip, ImportWarning, ReadCalendarFile } from '../imported-event.ts';
import { CalendarFileError } from '../imported-event.ts';
import { unguardFormula } from './cell-values.ts';
import { mapColumns, missingRequired } from './column-mapping.ts';
import type { CsvDelimiter } from './parse-records.ts';
import { CsvRecordStream, parseRecords, type CsvRecord } from './parse-records.ts';
import { eventRowReader, noteDayFirst, slashedCellsOf } from './read-events.ts';
import { SlashOrderSniffer } from './cell-dates.ts';
import { RowCells } from './row-cells.ts';
import type { EventShelf } from '../event-shelf.ts';
import type { ImportedEvents } from '../imported-event.ts';
import { readEventRows } from './read-events.ts';
import type { CsvOrganizer, CsvVenue } from './read-linked.ts';
import { readOrganizerRows, readVenueRows } from './read-linked.ts';
import type { CsvKind } from './tec-columns.ts';

export { FIELDS } from './tec-columns.ts';
export type { CsvField, CsvKind } from './tec-columns.ts';
export type { CsvOrganizer, CsvVenue } from './read-linked.ts';
export type { CsvDelimiter } from './parse-records.ts';

export interface ReadCsvOptions<K extends CsvKind = CsvKind> {
  kind: K;
  /** The zone of rows without a timezone column or value (an IANA name, 'UTC' or 'UTC+5:30'). */
  siteTimezone: string;
  /** Heading → field id ('' = do not import), over the automatic mapping; from a mapping preview. */
  mapping?: Record<string, string>;
}

interface ReadCsvCommon {
  /** The header row's cells, trimmed, trailing empty ones dropped. */
  headings: string[];
  /** Heading → field id, or '' for a column that is not imported: the mapping used. */
  mapping: Record<string, string>;
  /** Headings not imported. */
  unmapped: string[];
  delimiter: CsvDelimiter;
}

export interface ReadCsvEvents extends ReadCsvCommon, ReadCalendarFile {
  kind: 'events';
}

export interface ReadCsvVenues extends ReadCsvCommon {
  kind: 'venues';
  venues: CsvVenue[];
  skipped: ImportSkip[];
  warnings: ImportWarning[];
}

export interface ReadCsvOrganizers extends ReadCsvCommon {
  kind: 'organizers';
  organizers: CsvOrganizer[];
  skipped: ImportSkip[];
  warnings: ImportWarning[];
}

export type ReadCsvResult = ReadCsvEvents | ReadCsvVenues | ReadCsvOrganizers;

/**
 * Reads CSV text (BOM, ',' ';' or tab, CRLF or LF). Throws CalendarFileError for a file that cannot
 * be read at all: an unclosed quote, or no heading recognisable as the required fields
 * ('unknown_columns': events need a name and a start date, venues and organizers a name).
 */
export function readCsv(text: string, options: ReadCsvOptions<'events'>): ReadCsvEvents;
export function readCsv(text: string, options: ReadCsvOptions<'venues'>): ReadCsvVenues;
export function readCsv(text: string, options: ReadCsvOptions<'organizers'>): ReadCsvOrganizers;
export function readCsv(text: string, options: ReadCsvOptions): ReadCsvResult;
export function readCsv(text: string, options: ReadCsvOptions): ReadCsvResult {
  const { kind } = options;
  const { delimiter, records } = parseRecords(text);
  const [header, ...rows] = records;
  const { headings, mapping, unmapped, columns, warnings, line } = readHeader(kind, header, options.mapping);
  const common = { headings, mapping, unmapped, delimiter };

  if (kind === 'events') {
    const read = readEventRows(rows, headings, columns, options.siteTimezone, line, warnings);
    return Object.assign({ kind }, common, read);
  }
  if (kind === 'venues') {
    const { items, skipped } = readVenueRows(rows, headings, columns, warnings);
    return Object.assign({ kind }, common, { venues: items, skipped, warnings });
  }
  const { items, skipped } = readOrganizerRows(rows, headings, columns, warnings);
  return Object.assign({ kind }, common, { organizers: items, skipped, warnings });
}

/** The header row's headings, matched to fields; throws 'unknown_columns' when a required one is missing. */
function readHeader(kind: CsvKind, header: CsvRecord | undefined, given: Record<string, string> | undefined) {
  if (!header) throw new CalendarFileError(1, 'unknown_columns', 'The file is empty: no header row with column names.');
  const headings = header.fields.map((cell) => unguardFormula(cell).trim());
  while (headings.length > 0 && headings[headings.length - 1] === '') headings.pop();
  const { mapping, unmapped, columns, warnings } = mapColumns(kind, headings, given, header.line);
  const missing = missingRequired(kind, columns);
  if (missing.length > 0) {
    throw new CalendarFileError(
      header.line,
      'unknown_columns',
      `No column could be read as ${missing.map((label) => `"${label}"`).join(' and ')}. ` +
        `The first line should hold column names (${headings.length > 0 ? `found: ${headings.map((h) => `"${h}"`).join(', ')}` : 'it is empty'}); ` +
        `use The Events Calendar's names or map the columns.`,
    );
  }
  return { headings, mapping, unmapped, columns, warnings, line: header.line };
}

/** The raw headings of a file whose columns could not be matched (for the mapping it needs). */
export function rawHeadingsOf(header: CsvRecord | undefined): string[] {
  return header?.fields.map((cell) => cell.trim()) ?? [];
}

/**
 * Reads an events CSV file as it comes, twice: a first look (`open('scan')`) finds the header and
 * how the file writes slashed dates — which can take every row (25/12 on the last line decides) —
 * then the file is read again (`open('read')`) and each row becomes an event on `shelf` as it is
 * read. What readCsv gives for the whole text, holding a chunk and a row at a time besides the
 * events (which a shelf may keep on disk). Throws what readCsv throws; a file whose columns cannot
 * be matched throws UnknownColumns with the raw headings.
 */
export async function readCsvEventsAsTheyCome<Events extends ImportedEvents>(
  open: (pass: 'scan' | 'read') => AsyncIterable<string>,
  options: ReadCsvOptions<'events'>,
  shelf: EventShelf<Events>,
): Promise<Omit<ReadCsvEvents, 'events'> & { events: Events }> {
  let header: CsvRecord | undefined;
  let read: ReturnType<typeof readHeader> | undefined;
  let cells: RowCells | undefined;
  const sniffer = new SlashOrderSniffer();
  const scan = new CsvRecordStream(open('scan'));
  for await (const record of scan) {
    if (!header) {
      header = record;
      try {
        read = readHeader('events', header, options.mapping);
      } catch (error) {
        if (error instanceof CalendarFileError) throw new UnknownColumns(error, rawHeadingsOf(header));
        throw error;
      }
      cells = new RowCells(read.columns, read.headings);
      continue;
    }
    cells!.at(record);
    const [start, end] = slashedCellsOf(cells!);
    if (sniffer.add(start) || sniffer.add(end)) break;
  }
  if (!read) {
    const empty = new CalendarFileError(1, 'unknown_columns', 'The file is empty: no header row with column names.');
    throw new UnknownColumns(empty, []);
  }
  const { headings, mapping, unmapped, columns, warnings, line } = read;
  noteDayFirst(sniffer.order, line, warnings);
  const reader = eventRowReader(headings, columns, options.siteTimezone, sniffer.order, warnings, (event) =>
    shelf.put(event.line, event),
  );
  const rows = new CsvRecordStream(open('read'));
  let first = true;
  for await (const record of rows) {
    if (first)
      first = false; // the header, read above
    else reader.read(record);
  }
  return {
    kind: 'events',
    headings,
    mapping,
    unmapped,
    delimiter: rows.delimiter,
    events: shelf.sorted(),
    skipped: reader.skipped,
    warnings,
    series: [],
  };
}

/** A file whose columns cannot be matched: the file's error, and its raw headings. */
export class UnknownColumns extends Error {
  constructor(
    readonly error: CalendarFileError,
    readonly headings: string[],
  ) {
    super(error.message);
  }
}
