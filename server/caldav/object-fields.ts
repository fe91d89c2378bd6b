// What a VEVENT from a calendar app means as an event write, and which of its fields changed.
// A VEVENT is read as the import reads a file's event (import-plan.ts writeOf), with the links the
// object kept (X-ALMANAC-VENUE, X-ALMANAC-ORGANIZER-REF) by id. An update writes only the fields
// the app changed — compared with Almanac's own rendering read back by the same reader — so what a
// calendar app cannot show (the HTML of a description, tags, the venue's own fields) survives a
// round trip through it untouched.
import type { Store } from '../db/store.ts';
import type { EventWriteInput } from '../operations/events/writes.ts';
import { writeOf } from '../calendar-files/import-plan.ts';
import type { ReadVevent } from './calendar-object.ts';
import type { CalendarScope } from './scope.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

interface FieldRule {
  /** The write fields that set it. */
  keys: readonly (keyof EventWriteInput)[];
  /** Whether two VEVENTs show it the same. */
  same(a: ReadVevent, b: ReadVevent): boolean;
  /** Copies it from one VEVENT's reading to another's. */
  copy(into: ReadVevent, from: ReadVevent): void;
}

/** What a VEVENT shows of an event, field by field. */
const FIELDS = {
  title: {
    keys: ['title'],
    same: (a, b) => a.event.title === b.event.title,
    copy: (into, from) => void (into.event.title = from.event.title),
  },
  description: {
    keys: ['description'],
    same: (a, b) => a.event.description === b.event.description,
    copy: (into, from) => void (into.event.description = from.event.description),
  },
  schedule: {
    keys: ['start_date', 'end_date', 'timezone', 'all_day'],
    same: ({ event: x }, { event: y }) =>
      x.start === y.start && x.end === y.end && x.timezone === y.timezone && x.allDay === y.allDay,
    copy: ({ event }, { event: from }) =>
      void Object.assign(event, { start: from.start, end: from.end, timezone: from.timezone, allDay: from.allDay }),
  },
  website: {
    keys: ['website'],
    same: (a, b) => (a.event.website ?? '') === (b.event.website ?? ''),
    copy: (into, from) => void (into.event.website = from.event.website),
  },
  cost: {
    keys: ['cost'],
    same: (a, b) => (a.event.cost ?? '') === (b.event.cost ?? ''),
    copy: (into, from) => void (into.event.cost = from.event.cost),
  },
  // LOCATION as the app shows it decides: the venue behind it is Almanac's (X-ALMANAC-VENUE).
  venue: {
    keys: ['venue'],
    same: (a, b) => a.refs.location === b.refs.location,
    copy: (into, from) => {
      into.event.venue = from.event.venue;
      into.refs.location = from.refs.location;
      into.refs.venue = from.refs.venue;
    },
  },
  organizers: {
    keys: ['organizer'],
    same: (a, b) => same(a.event.organizers, b.event.organizers),
    copy: (into, from) => {
      into.event.organizers = from.event.organizers;
      into.refs.organizers = from.refs.organizers;
    },
  },
  categories: {
    keys: ['categories'],
    same: (a, b) => same(a.event.categories, b.event.categories),
    copy: (into, from) => void (into.event.categories = from.event.categories),
  },
} satisfies Record<string, FieldRule>;

export type Field = keyof typeof FIELDS;
export const ALL_FIELDS = Object.keys(FIELDS) as Field[];
export const NON_SCHEDULE: Field[] = ALL_FIELDS.filter((field) => field !== 'schedule');

/** The fields of `fields` in which two VEVENTs differ. */
export function changedFields(before: ReadVevent, after: ReadVevent, fields: Field[] = ALL_FIELDS): Field[] {
  return fields.filter((field) => !FIELDS[field].same(before, after));
}

/** `base` with `fields` as `from` has them (an exception once the series' own changes reached it). */
export function withFields(base: ReadVevent, from: ReadVevent, fields: Field[]): ReadVevent {
  const copy: ReadVevent = { event: Object.assign({}, base.event), refs: Object.assign({}, base.refs) };
  for (const field of fields) FIELDS[field].copy(copy, from);
  return copy;
}

/**
 * The whole write a VEVENT amounts to: the import's, with the venue and organizers it kept by id.
 * `isNew`: a new event also takes the VEVENT's status and tags.
 */
export function inputOf(scope: CalendarScope, store: Store, read: ReadVevent, isNew: boolean): EventWriteInput {
  const input = writeOf(read.event, isNew);
  const siteId = scope.site.id;
  const linked = (id: number, type: 'venue' | 'organizer') => {
    const post = store.posts.get(siteId, id);
    return post !== undefined && post.type === type && post.status !== 'trash';
  };
  const { refs } = read;
  // LOCATION as Almanac wrote it: the venue it was written from, by id.
  if (refs.venue && refs.location === refs.venue.location && linked(refs.venue.id, 'venue'))
    input.venue = refs.venue.id;
  input.organizer = read.event.organizers.map((organizer, index) => {
    const address = organizer.email ? `mailto:${organizer.email.toLowerCase()}` : undefined;
    const ref = refs.organizers.find((r) => (address ? r.address === address : r.name === organizer.name));
    return ref && linked(ref.id, 'organizer') ? ref.id : (input.organizer as unknown[])[index];
  }) as EventWriteInput['organizer'];
  // A price the app took away is cleared (writeOf leaves out what a file does not say).
  if (input.cost === undefined && !isNew) input.cost = '';
  if (!isNew) {
    // Tags and the status are not in the object: an update keeps them.
    delete input.tags;
    delete input.status;
  }
  return input;
}

/** Only `fields` of a write. */
export function pick(input: EventWriteInput, fields: Field[]): EventWriteInput {
  const picked: EventWriteInput = {};
  for (const field of fields)
    for (const key of FIELDS[field].keys)
      if (input[key] !== undefined) (picked as Record<string, unknown>)[key] = input[key];
  return picked;
}

/** The write of an update from `before` (what Almanac served) to `after` (what the app sent): what changed. */
export function updateInput(
  scope: CalendarScope,
  store: Store,
  before: ReadVevent,
  after: ReadVevent,
): EventWriteInput {
  return pick(inputOf(scope, store, after, false), changedFields(before, after));
}
