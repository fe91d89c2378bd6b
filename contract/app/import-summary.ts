// What an import (or its preview) answers: the schemas that type the import plan, document
// almanac/v1/import in /doc and type the renderer's import dialog.
import { Type, type Static } from '@sinclair/typebox';

/** How many items a summary lists one by one (a 10k-event file's preview stays small). */
export const MAX_LISTED = 500;

/**
 * What a skip's or a warning's message names (a column heading, a value, a zone…), beside the
 * English text: a client that words its own messages — the UI, in its language — uses the code
 * and these. Absent where the message is the API's own validation text.
 */
export const NoteParams = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));
export type NoteParams = Static<typeof NoteParams>;

export const ImportSkip = Type.Object({
  line: Type.Integer({ description: 'The line of the file where the item begins (1-based).' }),
  uid: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  code: Type.String({
    description:
      'cancelled, no_start, invalid (the API refused it), duplicate_uid, trashed, not_an_event, outside_window; a VEVENT that cannot be read: invalid_date, invalid_rrule, invalid_duration, invalid_value, malformed_line, unbalanced, unreadable (and series_skipped for its moved occurrences), series_too_costly; …',
  }),
  reason: Type.String(),
  params: Type.Optional(NoteParams),
});
export type ImportSkip = Static<typeof ImportSkip>;

export const ImportWarning = Type.Object({
  line: Type.Integer(),
  code: Type.String({
    description:
      'untitled, no_uid, unknown_timezone, date_type_mismatch (VALUE=DATE on a date-time or the reverse: read as what it is), series_truncated, series_expanded (a repeating event imported as single events, not one series: `why` says why), unknown_rrule_part, invalid_url, invalid_email, field_dropped, negative_duration, malformed_line, unbalanced, outside_calendar, unterminated, no_calendar, unsupported_property, more_warnings (the rest of a code, counted), …',
  }),
  message: Type.String(),
  params: Type.Optional(NoteParams),
});
export type ImportWarning = Static<typeof ImportWarning>;

export const ExpandedSeries = Type.Object({
  uid: Type.String(),
  title: Type.String(),
  line: Type.Integer(),
  instances: Type.Integer({
    description:
      'Kept as a series: its occurrences (within the series horizon). Otherwise: the single events made from it.',
  }),
  truncated: Type.Boolean({
    description:
      'Kept as a series: it goes on past the horizon (more occurrences are made as time passes). Otherwise: the window (a year back, two years ahead) or the cap (the 1,000 nearest today) cut the series short.',
  }),
  kept: Type.Optional(
    Type.Boolean({
      description:
        'true: imported as one series (almanac/v1/series). Absent: expanded into single events (a series_expanded warning says why).',
    }),
  ),
  action: Type.Optional(
    Type.Union([Type.Literal('create'), Type.Literal('update')], {
      description: 'Kept series: a new series, or the one with its UID.',
    }),
  ),
  id: Type.Optional(
    Type.Integer({ description: 'Kept series: the series updated, or after an import the series created.' }),
  ),
});
export type ExpandedSeries = Static<typeof ExpandedSeries>;

export const PlannedEvent = Type.Object({
  line: Type.Integer(),
  uid: Type.String({ description: 'Events: the UID matched on a re-import. Venues and organizers: their name.' }),
  title: Type.String(),
  start: Type.Optional(Type.String({ description: 'Events: wall time in `timezone`, YYYY-MM-DD HH:MM:SS.' })),
  timezone: Type.Optional(Type.String()),
  action: Type.Union([Type.Literal('create'), Type.Literal('update')]),
  id: Type.Optional(Type.Integer({ description: 'The item updated, or after an import the item created.' })),
});
export type PlannedEvent = Static<typeof PlannedEvent>;

export const ImportKind = Type.Union([Type.Literal('events'), Type.Literal('venues'), Type.Literal('organizers')], {
  description: 'What the rows are: events (any file), or for a CSV file venues or organizers.',
});
export type ImportKind = Static<typeof ImportKind>;

/** A CSV file's columns and what each feeds: the column-mapping preview. */
export const CsvColumns = Type.Object({
  headings: Type.Array(Type.String(), { description: 'The header row, as written.' }),
  mapping: Type.Record(Type.String(), Type.String(), {
    description: "Heading → field id ('' = not imported): the mapping used. Send it back as `mapping` to change it.",
  }),
  fields: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), required: Type.Boolean() }), {
    description: 'The fields a column may feed, for this kind of rows.',
  }),
});
export type CsvColumns = Static<typeof CsvColumns>;

export const RelatedItem = Type.Object({
  name: Type.String({ description: 'The name it has (an existing one: its name in the site).' }),
  action: Type.Union([Type.Literal('create'), Type.Literal('existing')], {
    description: 'create: new in the site; existing: the file names one the site has, which is linked.',
  }),
  id: Type.Optional(Type.Integer({ description: 'The existing item linked.' })),
  matched_by: Type.Optional(
    Type.Union([Type.Literal('name'), Type.Literal('address'), Type.Literal('email')], {
      description:
        'What matched it to the existing item: its name, its name and address (venues), its e-mail (organizers).',
    }),
  ),
  file_name: Type.Optional(
    Type.String({ description: 'The name the file gives it, when it differs from the existing one.' }),
  ),
  detail: Type.Optional(
    Type.String({ description: "A venue's address, an organizer's e-mail, as the file gives them." }),
  ),
  events: Type.Integer({ description: 'How many of the imported events name it.' }),
});
export type RelatedItem = Static<typeof RelatedItem>;

const RelatedGroup = Type.Object({
  created: Type.Integer({ description: 'New items the import creates.' }),
  existing: Type.Integer({ description: 'Items of the site the import links to.' }),
  items: Type.Array(RelatedItem, { description: 'In the order the file first names them, at most 500 listed.' }),
});

export const RelatedSummary = Type.Object(
  { venues: RelatedGroup, organizers: RelatedGroup, categories: RelatedGroup, tags: RelatedGroup },
  { description: 'What the events link to besides themselves: what is created, and what already exists.' },
);
export type RelatedSummary = Static<typeof RelatedSummary>;

export const ImportSummary = Type.Object({
  dry_run: Type.Boolean({ description: 'true: a preview; nothing was written.' }),
  kind: ImportKind,
  created: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
  events: Type.Array(PlannedEvent, {
    description: 'The items (events, venues or organizers) in file order, at most 500 listed; the counts are complete.',
  }),
  skipped_items: Type.Array(ImportSkip),
  warnings: Type.Array(ImportWarning),
  series: Type.Array(ExpandedSeries),
  related: Type.Optional(RelatedSummary),
  columns: Type.Optional(CsvColumns),
});
export type ImportSummary = Static<typeof ImportSummary>;
