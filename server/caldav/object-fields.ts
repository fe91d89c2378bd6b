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

/** The fields a VEVENT shows, each with the write fields that set it. */
export const FIELDS = {
  title: ['title'],
  description: ['description'],
  schedule: ['start_date', 'end_date', 'timezone', 'all_day'],
  website: ['website'],
  cost: ['cost'],
  venue: ['venue'],
  organizers: ['organizer'],
  categories: ['categories'],
} as const satisfies Record<string, readonly (keyof EventWriteInput)[]>;

export type Field = keyof typeof FIELDS;
export const ALL_FIELDS = Object.keys(FIELDS) as Field[];
export const NON_SCHEDULE: Field[] = ALL_FIELDS.filter((field) => field !== 'schedule');

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether `field` reads the same in two VEVENTs. */
export function sameField(field: Field, a: ReadVevent, b: ReadVevent): boolean {
  const x = a.event;
  const y = b.event;
  switch (field) {
    case 'title':
      return x.title === y.title;
    case 'description':
      return x.description === y.description;
    case 'schedule':
      return x.start === y.start && x.end === y.end && x.timezone === y.timezone && x.allDay === y.allDay;
    case 'website':
      return (x.website ?? '') === (y.website ?? '');
    case 'cost':
      return (x.cost ?? '') === (y.cost ?? '');
    case 'venue':
      return a.refs.location === b.refs.location;
    case 'organizers':
      return same(x.organizers, y.organizers);
    case 'categories':
      return same(x.categories, y.categories);
  }
}

/** The fields of `fields` in which two VEVENTs differ. */
export function changedFields(before: ReadVevent, after: ReadVevent, fields: Field[] = ALL_FIELDS): Field[] {
  return fields.filter((field) => !sameField(field, before, after));
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
    for (const key of FIELDS[field])
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

/** `base` with `fields` as `from` has them (an exception once the series' own changes reached it). */
export function withFields(base: ReadVevent, from: ReadVevent, fields: Field[]): ReadVevent {
  const event = Object.assign({}, base.event);
  const refs = Object.assign({}, base.refs);
  for (const field of fields) {
    switch (field) {
      case 'title':
        event.title = from.event.title;
        break;
      case 'description':
        event.description = from.event.description;
        break;
      case 'schedule':
        Object.assign(event, {
          start: from.event.start,
          end: from.event.end,
          timezone: from.event.timezone,
          allDay: from.event.allDay,
        });
        break;
      case 'website':
        event.website = from.event.website;
        break;
      case 'cost':
        event.cost = from.event.cost;
        break;
      case 'venue':
        event.venue = from.event.venue;
        refs.location = from.refs.location;
        refs.venue = from.refs.venue;
        break;
      case 'organizers':
        event.organizers = from.event.organizers;
        refs.organizers = from.refs.organizers;
        break;
      case 'categories':
        event.categories = from.event.categories;
        break;
    }
  }
  return { event, refs };
}
