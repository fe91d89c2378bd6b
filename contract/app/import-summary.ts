// What an import (or its preview) answers: the schemas that type the import plan, document
// almanac/v1/import in /doc and type the renderer's import dialog.
import { Type, type Static } from '@sinclair/typebox';

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
  code: Type.String({ description: 'cancelled, no_start, invalid, duplicate_uid, trashed, not_an_event, …' }),
  reason: Type.String(),
  params: Type.Optional(NoteParams),
});
export type ImportSkip = Static<typeof ImportSkip>;

export const ImportWarning = Type.Object({
  line: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  params: Type.Optional(NoteParams),
});
export type ImportWarning = Static<typeof ImportWarning>;

export const ExpandedSeries = Type.Object({
  uid: Type.String(),
  title: Type.String(),
  line: Type.Integer(),
  instances: Type.Integer({ description: 'Single events made from the series.' }),
  truncated: Type.Boolean({ description: 'The window (two years) or the cap (1,000) cut the series short.' }),
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
  columns: Type.Optional(CsvColumns),
});
export type ImportSummary = Static<typeof ImportSummary>;
