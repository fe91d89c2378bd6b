// Reads a CSV file of events, venues or organizers, in the column layout of The Events Calendar's
// CSV importer or close to it: the headings are matched to fields (tec-columns.ts), a caller may
// correct that mapping after a preview, and each row becomes a record or a skip with its line.
// Nothing here touches the database: the import plan decides what the records change.

import type { ImportSkip, ImportWarning, ReadCalendarFile } from '../imported-event.ts';
import { CalendarFileError } from '../imported-event.ts';
import { unguardFormula } from './cell-values.ts';
import { mapColumns, missingRequired } from './column-mapping.ts';
import type { CsvDelimiter } from './parse-records.ts';
import { parseRecords } from './parse-records.ts';
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
  if (!header) throw new CalendarFileError(1, 'unknown_columns', 'The file is empty: no header row with column names.');

  const headings = header.fields.map((cell) => unguardFormula(cell).trim());
  while (headings.length > 0 && headings[headings.length - 1] === '') headings.pop();
  const { mapping, unmapped, columns, warnings } = mapColumns(kind, headings, options.mapping, header.line);
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
  const common = { headings, mapping, unmapped, delimiter };

  if (kind === 'events') {
    const read = readEventRows(rows, headings, columns, options.siteTimezone, header.line, warnings);
    return Object.assign({ kind }, common, read);
  }
  if (kind === 'venues') {
    const { items, skipped } = readVenueRows(rows, headings, columns, warnings);
    return Object.assign({ kind }, common, { venues: items, skipped, warnings });
  }
  const { items, skipped } = readOrganizerRows(rows, headings, columns, warnings);
  return Object.assign({ kind }, common, { organizers: items, skipped, warnings });
}
