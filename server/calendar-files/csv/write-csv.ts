// CSV export of events, in the columns of The Events Calendar's CSV importer, so a file exported
// here imports into TEC (and back here) without mapping by hand, and opens in a spreadsheet.
//
// - RFC 4180: comma-separated, CRLF after every row, a field quoted when it holds a comma, a quote
//   (doubled inside), a line break, or leading/trailing white space (which spreadsheets trim).
// - A UTF-8 BOM first: without it Excel reads the file as ANSI and garbles accents.
// - Formula injection (OWASP "CSV Injection"): a text that starts with = + - @ (or tab, CR) would
//   run as a formula in a spreadsheet. It is written quoted with an apostrophe first, which
//   spreadsheets show as text and hide; read-csv drops that apostrophe again (cell-values.ts).
// - Dates are ISO (2026-01-05) and times 24-hour (09:30), which LibreOffice and Excel read as dates
//   and times in any locale and TEC reads unambiguously (its own advice for CSV files).

export const CSV_BOM = '\ufeff';
const EOL = '\r\n';

export type CsvValue = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field as written: quoted and escaped when it must be. Booleans as TRUE/FALSE, null as ''. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // A number is data, not a formula: -5 stays a number.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (FORMULA_START.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One row, ended with CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + EOL;
}

/** What an event export needs of an event; the caller maps its own records onto this. */
export interface ExportableEvent {
  id: string | number;
  title: string;
  /** HTML. */
  description: string;
  excerpt: string;
  /** Wall times 'YYYY-MM-DD HH:MM:SS' in `timezone`; all-day: first day 00:00:00, last day 23:59:59. */
  startLocal: string;
  endLocal: string;
  timezone: string;
  allDay: boolean;
  venue?: { name: string; address: string; city: string; state: string; zip: string; country: string };
  organizers: { name: string; email: string }[];
  categories: string[];
  tags: string[];
  cost: string;
  website: string;
  featured: boolean;
  /** Hidden from the public event listings. */
  hidden: boolean;
  status: string;
  /** The event's page. */
  url: string;
}

/** 'HH:MM', or 'HH:MM:SS' when the seconds are not zero (nothing is rounded away). */
function timeOf(wall: string): string {
  const time = wall.slice(11, 19);
  return time.endsWith(':00') ? time.slice(0, 5) : time;
}

/**
 * The columns, in order. TEC pre-selects a column whose heading, lower-cased with spaces as
 * underscores, is its field id (aggregator-fields.js), so where TEC's label would not pass that
 * test ("All Day Event", "Event Time Zone", "Event Organizer Name(s) or ID(s)") we write the
 * spelling that does ("Event All Day", "Event Timezone", "Event Organizer Name", "Event Hide"). The columns after
 * "Event Hide" are Almanac's (TEC offers them as "Do Not Import"): the venue's address and the
 * organizers' e-mails, which TEC imports from venue and organizer files instead, the status, the
 * event's ID (read back as its UID) and its page.
 */
const COLUMNS: readonly (readonly [string, (e: ExportableEvent) => string])[] = [
  ['Event Name', (e) => e.title],
  ['Event Description', (e) => e.description],
  ['Event Excerpt', (e) => e.excerpt],
  ['Event Start Date', (e) => e.startLocal.slice(0, 10)],
  ['Event Start Time', (e) => (e.allDay ? '' : timeOf(e.startLocal))],
  ['Event End Date', (e) => e.endLocal.slice(0, 10)],
  ['Event End Time', (e) => (e.allDay ? '' : timeOf(e.endLocal))],
  ['Event All Day', (e) => (e.allDay ? 'TRUE' : 'FALSE')],
  ['Event Timezone', (e) => e.timezone],
  ['Event Venue Name', (e) => e.venue?.name ?? ''],
  ['Venue Address', (e) => e.venue?.address ?? ''],
  ['Venue City', (e) => e.venue?.city ?? ''],
  ['Venue State/Province', (e) => e.venue?.state ?? ''],
  ['Venue Zip', (e) => e.venue?.zip ?? ''],
  ['Venue Country', (e) => e.venue?.country ?? ''],
  // TEC splits organizer names on commas; e-mails follow in the same order ('' keeps a place).
  ['Event Organizer Name', (e) => e.organizers.map((o) => o.name).join(', ')],
  ['Organizer Email', (e) => (e.organizers.some((o) => o.email) ? e.organizers.map((o) => o.email).join(', ') : '')],
  ['Event Category', (e) => e.categories.join(', ')],
  ['Event Tags', (e) => e.tags.join(', ')],
  ['Event Cost', (e) => e.cost],
  ['Event Website', (e) => e.website],
  ['Feature Event', (e) => (e.featured ? 'TRUE' : 'FALSE')],
  ['Event Hide', (e) => (e.hidden ? 'TRUE' : 'FALSE')],
  ['Event Status', (e) => e.status],
  ['Event ID', (e) => String(e.id)],
  ['Event Permalink', (e) => e.url],
];

export const EVENT_EXPORT_HEADINGS: readonly string[] = COLUMNS.map(([heading]) => heading);

/** An event's cells, in EVENT_EXPORT_HEADINGS order (not yet quoted: csvRow does that). */
export function eventCsvRecord(e: ExportableEvent): string[] {
  return COLUMNS.map(([, value]) => value(e));
}

/** A whole export: BOM, heading row, one row per event. */
export function eventsCsv(events: Iterable<ExportableEvent>): string {
  let out = CSV_BOM + csvRow(EVENT_EXPORT_HEADINGS);
  for (const event of events) out += csvRow(eventCsvRecord(event));
  return out;
}
