// Rows of a venues or organizers file (TEC's File_Importer_Venues / _Organizers): the name is
// required and is what matches an existing one, so a second row with the same name is skipped.
// A column the file has sets its field even when empty (TEC: mapped columns overwrite, unmapped
// ones are left alone); featured images are not imported.

import type { ImportedOrganizer, ImportedVenue, ImportSkip, ImportWarning } from '../imported-event.ts';
import { parseNumberCell } from './cell-values.ts';
import type { CsvRecord } from './parse-records.ts';
import { RowCells } from './row-cells.ts';

export interface CsvVenue extends ImportedVenue {
  /** 1-based line of the file where the row begins. */
  line: number;
  /** HTML, as TEC's "Venue Description". */
  description?: string;
}

export interface CsvOrganizer extends ImportedOrganizer {
  line: number;
  /** HTML, as TEC's "Organizer Description". */
  description?: string;
}

interface LinkedRows<T> {
  items: T[];
  skipped: ImportSkip[];
}

/** Shared walk: name check, duplicate check, extra-values warning; `build` fills in the rest. */
function readRows<T extends { name: string; line: number }>(
  rows: readonly CsvRecord[],
  cells: RowCells,
  nameId: string,
  what: string,
  warnings: ImportWarning[],
  build: (name: string, line: number) => T,
): LinkedRows<T> {
  const items: T[] = [];
  const skipped: ImportSkip[] = [];
  const lineOfName = new Map<string, number>();
  for (const row of rows) {
    cells.at(row);
    if (cells.extraValues() > 0) {
      warnings.push({
        line: row.line,
        code: 'extra_values',
        message: 'Values to the right of the last heading are ignored.',
        params: {},
      });
    }
    const name = cells.text(nameId);
    if (name === '') {
      skipped.push({
        line: row.line,
        code: 'no_name',
        reason: `"${cells.heading(nameId)}" is empty; a ${what} needs a name.`,
        params: { heading: cells.heading(nameId) },
      });
      continue;
    }
    const key = name.toLowerCase();
    const first = lineOfName.get(key);
    if (first !== undefined) {
      skipped.push({
        line: row.line,
        title: name,
        code: 'duplicate_name',
        reason: `A ${what} named "${name}" is already on line ${first}.`,
        params: { name },
      });
      continue;
    }
    lineOfName.set(key, row.line);
    items.push(build(name, row.line));
  }
  return { items, skipped };
}

/** The cell of a column the file has, trimmed ('' if empty); undefined when it has no such column. */
function mapped(cells: RowCells, id: string): string | undefined {
  return cells.has(id) ? cells.text(id) : undefined;
}

export function readVenueRows(
  rows: readonly CsvRecord[],
  headings: readonly string[],
  columns: Map<string, number>,
  warnings: ImportWarning[],
): LinkedRows<CsvVenue> {
  const cells = new RowCells(columns, headings);
  return readRows(rows, cells, 'venue_name', 'venue', warnings, (name, line) => {
    const venue: CsvVenue = { name, line };
    if (cells.has('venue_description')) venue.description = cells.raw('venue_description');
    // TEC appends "Venue Address 2" to the address with a space.
    if (cells.has('venue_address') || cells.has('venue_address2')) {
      venue.address = [cells.text('venue_address'), cells.text('venue_address2')]
        .filter((part) => part !== '')
        .join(' ');
    }
    const parts = [
      ['city', 'venue_city'],
      ['state', 'venue_state'],
      ['zip', 'venue_zip'],
      ['country', 'venue_country'],
      ['phone', 'venue_phone'],
      ['website', 'venue_url'],
    ] as const;
    for (const [key, id] of parts) {
      const value = mapped(cells, id);
      if (value !== undefined) venue[key] = value;
    }
    for (const [key, id] of [
      ['latitude', 'venue_latitude'],
      ['longitude', 'venue_longitude'],
    ] as const) {
      const text = cells.text(id);
      if (text === '') continue;
      const value = parseNumberCell(text);
      const limit = key === 'latitude' ? 90 : 180;
      if (value !== null && Math.abs(value) <= limit) venue[key] = value;
      else {
        warnings.push({
          line: line,
          code: 'invalid_coordinate',
          message: `"${cells.heading(id)}" is "${text}", not a ${key}; it is left out.`,
          params: { heading: cells.heading(id), value: text },
        });
      }
    }
    return venue;
  });
}

export function readOrganizerRows(
  rows: readonly CsvRecord[],
  headings: readonly string[],
  columns: Map<string, number>,
  warnings: ImportWarning[],
): LinkedRows<CsvOrganizer> {
  const cells = new RowCells(columns, headings);
  return readRows(rows, cells, 'organizer_name', 'organizer', warnings, (name, line) => {
    const organizer: CsvOrganizer = { name, line };
    if (cells.has('organizer_description')) organizer.description = cells.raw('organizer_description');
    for (const [key, id] of [
      ['email', 'organizer_email'],
      ['phone', 'organizer_phone'],
      ['website', 'organizer_website'],
    ] as const) {
      const value = mapped(cells, id);
      if (value !== undefined) organizer[key] = value;
    }
    return organizer;
  });
}
