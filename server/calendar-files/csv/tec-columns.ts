// The columns a CSV import understands, per kind of file. The ids and labels are those of The Events
// Calendar's importer (the-events-calendar, src/Tribe/Importer/Column_Mapper.php), so a file made
// for TEC reads here unchanged and an Almanac export reads back into TEC; Events Calendar Pro adds
// Venue Latitude/Longitude (Tribe__Events__Pro__CSV_Importer__Fields). A few Almanac columns (UID,
// status, the venue's address and the organizers' e-mails on an event row) follow, so an Almanac
// export round-trips; TEC offers them as "Do Not Import".
//
// TEC's own screen pre-selects a column when the heading, lower-cased with spaces turned into
// underscores and everything else but [a-z0-9_] dropped, equals a field id (aggregator-fields.js):
// "Event Timezone" → event_timezone. Its labels do not always pass that test ("Event Time Zone",
// "All Day Event"), so we match the id, the label and common synonyms alike, ignoring case, spaces
// and punctuation; the export writes the spellings TEC itself pre-selects (write-csv.ts).

export type CsvKind = 'events' | 'venues' | 'organizers';

export interface CsvField {
  /** TEC's field id (column_map value), or an Almanac one for columns TEC lacks. */
  id: string;
  /** English label, as TEC's column mapper shows it. */
  label: string;
  /** The file cannot be read without it (TEC: event_name + event_start_date, venue/organizer name). */
  required?: boolean;
  /** Recognised but not imported: Almanac's event model has no place for it (shown as such in a preview). */
  ignored?: boolean;
  /** Other headings that mean this field, beyond the id and the label. Normalised when matched. */
  synonyms?: readonly string[];
}

/** A venue's address columns: on a venue row (TEC) and, as Almanac's own, on an event row. */
const VENUE_ADDRESS: readonly CsvField[] = [
  { id: 'venue_address', label: 'Venue Address', synonyms: ['Address', 'Street'] },
  { id: 'venue_address2', label: 'Venue Address 2', synonyms: ['Address 2'] },
  { id: 'venue_city', label: 'Venue City', synonyms: ['City', 'Town'] },
  {
    id: 'venue_state',
    label: 'Venue State/Province',
    synonyms: ['Venue State', 'Venue Province', 'State', 'Province', 'Region'],
  },
  {
    id: 'venue_zip',
    label: 'Venue Zip',
    synonyms: ['Venue Postal Code', 'Zip', 'Postal Code', 'Postcode', 'Zip Code'],
  },
];

const EVENT_FIELDS: readonly CsvField[] = [
  {
    id: 'event_name',
    label: 'Event Name',
    required: true,
    synonyms: ['Name', 'Title', 'Event Title', 'Event', 'Summary', 'Subject'],
  },
  { id: 'event_description', label: 'Event Description', synonyms: ['Description', 'Details', 'Content', 'Body'] },
  { id: 'event_excerpt', label: 'Event Excerpt', synonyms: ['Excerpt', 'Short Description'] },
  {
    id: 'event_start_date',
    label: 'Event Start Date',
    required: true,
    synonyms: ['Start', 'Start Date', 'Starts', 'Date', 'Begin', 'Start Date/Time', 'Start Datetime', 'From'],
  },
  { id: 'event_start_time', label: 'Event Start Time', synonyms: ['Start Time', 'Time', 'Starts At'] },
  {
    id: 'event_end_date',
    label: 'Event End Date',
    synonyms: ['End', 'End Date', 'Ends', 'Finish', 'End Date/Time', 'End Datetime', 'To', 'Until'],
  },
  { id: 'event_end_time', label: 'Event End Time', synonyms: ['End Time', 'Ends At'] },
  // TEC's label is "Event Time Zone"; its own sample files and pre-selection use "Event Timezone".
  { id: 'event_timezone', label: 'Event Time Zone', synonyms: ['Event Timezone', 'Timezone', 'Time Zone', 'TZ'] },
  { id: 'event_all_day', label: 'All Day Event', synonyms: ['Event All Day', 'All Day', 'Allday'] },
  {
    id: 'event_hide',
    label: 'Hide Event From Event Listings',
    synonyms: ['Event Hide', 'Hide from Event Listings', 'Hide'],
  },
  {
    id: 'event_sticky',
    label: 'Event Sticky in Month View',
    ignored: true,
    synonyms: ['Sticky in Month View', 'Sticky'],
  },
  { id: 'feature_event', label: 'Feature Event', synonyms: ['Event Featured', 'Featured', 'Featured Event'] },
  {
    id: 'event_venue_name',
    label: 'Event Venue Name',
    synonyms: ['Venue', 'Venue Name', 'Location', 'Place', 'Where'],
  },
  {
    id: 'event_organizer_name',
    label: 'Event Organizer Name(s) or ID(s)',
    synonyms: ['Event Organizer Name', 'Event Organizer', 'Organizer', 'Organizers', 'Organizer Name', 'Organiser'],
  },
  { id: 'event_show_map_link', label: 'Event Show Map Link', ignored: true, synonyms: ['Show Map Link'] },
  { id: 'event_show_map', label: 'Event Show Map', ignored: true, synonyms: ['Show Map'] },
  { id: 'event_cost', label: 'Event Cost', synonyms: ['Cost', 'Price', 'Fee'] },
  {
    id: 'event_currency_code',
    label: 'Event ISO Currency Code',
    ignored: true,
    synonyms: ['Event Currency Code', 'Currency Code', 'Currency'],
  },
  { id: 'event_currency_symbol', label: 'Event Currency Symbol', ignored: true, synonyms: ['Currency Symbol'] },
  { id: 'event_currency_position', label: 'Event Currency Position', ignored: true, synonyms: ['Currency Position'] },
  { id: 'event_category', label: 'Event Category', synonyms: ['Category', 'Categories', 'Event Categories'] },
  { id: 'event_tags', label: 'Event Tags', synonyms: ['Tags', 'Tag', 'Keywords'] },
  { id: 'event_website', label: 'Event Website', synonyms: ['Website', 'URL', 'Event URL', 'Link', 'Web'] },
  { id: 'featured_image', label: 'Event Featured Image', ignored: true, synonyms: ['Featured Image', 'Image'] },
  { id: 'event_comment_status', label: 'Event Allow Comments', ignored: true, synonyms: ['Allow Comments'] },
  {
    id: 'event_ping_status',
    label: 'Event Allow Trackbacks and Pingbacks',
    ignored: true,
    synonyms: ['Allow Trackbacks and Pingbacks'],
  },
  // Almanac's own columns (TEC has none of these on an event row).
  { id: 'event_uid', label: 'Event ID', synonyms: ['UID', 'Event UID', 'ID'] },
  { id: 'event_status', label: 'Event Status', synonyms: ['Status', 'Post Status'] },
  ...VENUE_ADDRESS,
  { id: 'venue_country', label: 'Venue Country', synonyms: ['Country'] },
  { id: 'organizer_email', label: 'Organizer Email', synonyms: ['Event Organizer Email', 'Email', 'E-mail'] },
];

const VENUE_FIELDS: readonly CsvField[] = [
  { id: 'venue_name', label: 'Venue Name', required: true, synonyms: ['Venue', 'Name', 'Title', 'Location'] },
  { id: 'venue_description', label: 'Venue Description', synonyms: ['Description'] },
  { id: 'venue_country', label: 'Venue Country', synonyms: ['Country'] },
  ...VENUE_ADDRESS,
  { id: 'venue_phone', label: 'Venue Phone', synonyms: ['Phone', 'Telephone'] },
  { id: 'venue_url', label: 'Venue Website', synonyms: ['Website', 'URL'] },
  { id: 'featured_image', label: 'Venue Featured Image', ignored: true, synonyms: ['Featured Image', 'Image'] },
  // Events Calendar Pro.
  { id: 'venue_overwrite_coords', label: 'Venue Overwrite', ignored: true, synonyms: ['Venue Overwrite Coordinates'] },
  { id: 'venue_latitude', label: 'Venue Latitude', synonyms: ['Latitude', 'Lat'] },
  { id: 'venue_longitude', label: 'Venue Longitude', synonyms: ['Longitude', 'Lng', 'Lon', 'Long'] },
];

const ORGANIZER_FIELDS: readonly CsvField[] = [
  { id: 'organizer_name', label: 'Organizer Name', required: true, synonyms: ['Organizer', 'Organiser', 'Name'] },
  { id: 'organizer_description', label: 'Organizer Description', synonyms: ['Description'] },
  { id: 'organizer_email', label: 'Organizer Email', synonyms: ['Email', 'E-mail'] },
  { id: 'organizer_website', label: 'Organizer Website', synonyms: ['Website', 'URL'] },
  { id: 'organizer_phone', label: 'Organizer Phone', synonyms: ['Phone', 'Telephone'] },
  { id: 'featured_image', label: 'Organizer Featured Image', ignored: true, synonyms: ['Featured Image', 'Image'] },
];

/** The target fields of each kind of file, in TEC's order: what a column-mapping preview offers. */
export const FIELDS: Readonly<Record<CsvKind, readonly CsvField[]>> = {
  events: EVENT_FIELDS,
  venues: VENUE_FIELDS,
  organizers: ORGANIZER_FIELDS,
};

/** "Event Start-Date " and "event_start_date" alike → "eventstartdate". */
export function normalizeHeading(heading: string): string {
  return heading
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

interface HeadingIndex {
  /** Normalised id, label: a heading that names the field exactly. */
  primary: Map<string, string>;
  synonyms: Map<string, string>;
}

const INDEXES = new Map<CsvKind, HeadingIndex>();

/** Normalised heading → field id, for the exact names and for the synonyms (kept apart: exact wins). */
export function headingIndex(kind: CsvKind): HeadingIndex {
  let index = INDEXES.get(kind);
  if (index) return index;
  index = { primary: new Map(), synonyms: new Map() };
  for (const field of FIELDS[kind]) {
    index.primary.set(normalizeHeading(field.id), field.id);
    index.primary.set(normalizeHeading(field.label), field.id);
  }
  for (const field of FIELDS[kind]) {
    for (const synonym of field.synonyms ?? []) {
      const key = normalizeHeading(synonym);
      // The first field to claim a synonym keeps it; an exact name of another field beats it.
      if (!index.primary.has(key) && !index.synonyms.has(key)) index.synonyms.set(key, field.id);
    }
  }
  INDEXES.set(kind, index);
  return index;
}

export function fieldById(kind: CsvKind, id: string): CsvField | undefined {
  return FIELDS[kind].find((field) => field.id === id);
}
