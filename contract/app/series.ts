// almanac/v1/series: repeating events. Each occurrence is an event of svc/events/v1 (its own id,
// slug, venue, status, translations; post_parent = the series' first occurrence), so tools that
// know only the contract see a series as the events it is. The rule lives here.
import { Type, type Static } from '@sinclair/typebox';
import { pathId, postId } from '../args.ts';
import { EventUpdateFields } from '../events.ts';

const O = Type.Optional;

const date = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });
const dates = (description: string) => Type.Array(date('A date, YYYY-MM-DD.'), { maxItems: 1000, description });

const rule = Type.String({
  minLength: 1,
  maxLength: 500,
  description:
    'The recurrence rule: an RFC 5545 RRULE value such as FREQ=WEEKLY;BYDAY=TU or FREQ=MONTHLY;BYDAY=1SA;COUNT=10. At most once a day; unknown parts are refused.',
});
const rdates = dates('Extra dates the series also falls on (YYYY-MM-DD), at its time of day.');
const exdates = dates('Dates the rule gives that the series skips (YYYY-MM-DD).');

export const SeriesCreateArgs = Type.Object({
  event: postId("The event that becomes the series' first occurrence."),
  rule,
  rdates: O(rdates),
  exdates: O(exdates),
});

const editFields = {
  rule: O(rule),
  rdates: O(rdates),
  exdates: O(exdates),
  changes: O(
    Type.Composite([EventUpdateFields], {
      description:
        "Event fields to change on every occurrence (as PATCH /events/{id} takes them). start_date and end_date set the series' time of day and length (and its first date).",
    }),
  ),
  include_detached: O(
    Type.Boolean({
      default: false,
      description:
        'true: occurrences changed on their own take these changes too — a new time of day on their own date; their other changes and their date stay.',
    }),
  ),
};

export const SeriesReadArgs = Type.Object({ id: pathId('The series ID.') });
export const SeriesEditArgs = Type.Object({ id: pathId('The series ID.'), ...editFields });
export const SeriesSplitArgs = Type.Object({
  id: pathId('The series ID.'),
  occurrence: postId('The occurrence from which on the changes apply: the series splits in two there.'),
  ...editFields,
});
export const SeriesDeleteArgs = Type.Object({
  id: pathId('The series ID.'),
  force: O(Type.Boolean({ default: false, description: 'Delete permanently instead of moving to the trash.' })),
  occurrence: O(
    postId('Delete this occurrence and those after it only (the series ends before it); without it, all of them.'),
  ),
});
export const SeriesStopArgs = Type.Object({
  id: pathId('The series ID.'),
  occurrence: postId('The occurrence that stays, as a single event.'),
  scope: Type.Union([Type.Literal('following'), Type.Literal('all')], {
    description:
      'following: the series ends before `occurrence`, the later occurrences go to the trash; all: every other occurrence goes to the trash, and the series with them.',
  }),
});
export const SeriesPreviewArgs = Type.Object({
  rule,
  start: Type.String({
    minLength: 10,
    maxLength: 19,
    description: 'The first occurrence\'s start: "YYYY-MM-DD HH:MM[:SS]" or a date.',
  }),
  end: O(Type.String({ minLength: 10, maxLength: 19, description: 'Its end (default: one hour later).' })),
  timezone: O(Type.String({ maxLength: 64, description: "The series' time zone (default: the site's)." })),
  all_day: O(Type.Boolean({ description: 'An all-day series.' })),
  rdates: O(rdates),
  exdates: O(exdates),
});

const Words = Type.Object({
  en: Type.String({ description: 'The rule in English.' }),
  es: Type.String({ description: 'The rule in Spanish.' }),
});

export const Occurrence = Type.Object({
  id: Type.Integer({ description: 'The event ID.' }),
  date: Type.String({ description: "The occurrence's date in the series (its RECURRENCE-ID)." }),
  start: Type.String(),
  end: Type.String(),
  status: Type.String(),
  detached: Type.Boolean({ description: 'Changed on its own: edits of the whole series leave it alone.' }),
});

export const Series = Type.Object({
  id: Type.Integer(),
  first: Type.Integer({ description: "The first occurrence's event ID: every other occurrence's post_parent." }),
  rule: Type.String(),
  rdates: Type.Array(Type.String()),
  exdates: Type.Array(Type.String()),
  description: Words,
  timezone: Type.String(),
  start: Type.String({ description: "The first occurrence's start (wall time in the series' zone)." }),
  end: Type.String(),
  all_day: Type.Boolean(),
  ends: Type.Union([Type.Literal('never'), Type.Literal('until'), Type.Literal('count')]),
  horizon: Type.String({ description: 'Occurrences exist up to this date; a series that never ends moves it on.' }),
  status: Type.Union([Type.Literal('active'), Type.Literal('trash')]),
  uid: Type.String({ description: 'The iCalendar UID of the whole series.' }),
  occurrences: Type.Array(Occurrence, { description: 'Every occurrence the caller may read, by date.' }),
  undo: Type.Optional(
    Type.String({
      description: 'After a change (all events, this and following, delete): POST series/undo with it to undo it.',
    }),
  ),
});
export type Series = Static<typeof Series>;

export const SeriesPreview = Type.Object({
  rule: Type.String({ description: 'The rule as it would be stored.' }),
  description: Words,
  occurrences: Type.Array(Type.Object({ date: Type.String(), start: Type.String(), end: Type.String() }), {
    description: 'The first occurrences (at most 20).',
  }),
  count: Type.Integer({ description: 'How many occurrences the series would have within the horizon.' }),
  ends: Type.Union([Type.Literal('never'), Type.Literal('until'), Type.Literal('count')]),
});
export type SeriesPreview = Static<typeof SeriesPreview>;

export const SeriesUndoArgs = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 100, description: 'The undo token a series change answered with.' }),
});
export const SeriesUndone = Type.Object({
  series: Type.Array(Series, { description: 'The series as they are again.' }),
});
