// The export's CSV form: the export row mapped onto csv/write-csv.ts's record (The Events
// Calendar's importer headings), so a file re-imports here and into a WordPress site.
import type { ExportRow } from '../db/repositories/event-export.ts';
import { costText, termNames } from './export-values.ts';
import { decodeEntities } from '../domain/html.ts';
import { CSV_BOM, csvRow, EVENT_EXPORT_HEADINGS, eventCsvRecord } from './csv/write-csv.ts';

/** The byte-order mark (Excel reads UTF-8 only with it) and the heading row. */
export function csvExportHeader(): string {
  return CSV_BOM + csvRow(EVENT_EXPORT_HEADINGS);
}

export function csvExportRecord(row: ExportRow, baseUrl: string): string {
  const { venue, organizers } = row;
  return csvRow(
    eventCsvRecord({
      id: row.id,
      title: decodeEntities(row.title),
      description: row.password === '' ? row.content : '',
      excerpt: row.password === '' ? row.excerpt : '',
      startLocal: row.start_local,
      endLocal: row.end_local,
      timezone: row.timezone,
      allDay: row.all_day === 1,
      venue: venue
        ? {
            name: decodeEntities(venue.name),
            address: venue.address ?? '',
            city: venue.city ?? '',
            state: venue.state ?? '',
            zip: venue.zip ?? '',
            country: venue.country ?? '',
          }
        : undefined,
      organizers: organizers.map((o) => ({ name: decodeEntities(o.name), email: o.email ?? '' })),
      categories: termNames(row.categories),
      tags: termNames(row.tags),
      cost: costText(row.cost_raw),
      website: row.website ?? '',
      featured: row.featured === 1,
      hidden: row.hide_from_listings === 1,
      status: row.status,
      url: `${baseUrl}/event/${row.slug}/`,
    }),
  );
}
