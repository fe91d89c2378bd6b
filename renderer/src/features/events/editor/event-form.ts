// The event editor's model, from ONE list of fields (EVENT_FIELDS): each form field's API
// parameter, its value in a new event, how it is read from an event and how it is written. The
// form's values, a new form, the form of a loaded event, what a save sends (a create sends
// everything; an update only what changed, so it never overwrites a field someone else changed
// meanwhile) and where the server's 400 messages go all follow from it. The API side is typed by
// the server's own schema (`EventWrite`, `Event`: `import type` of the schemas' Static types), so
// a parameter the service does not take, or a value of the wrong type, fails the type check.
// Adding an event field to the editor: one entry here, and its control in EventEditor.tsx.
// Pure: unit-tested in test/renderer/.
import type { Event, EventWrite, Venue } from '../../../api/types.ts';
import type { MessageId } from '../../../i18n/messages/en.ts';
import { EVENT_FLAG_NAMES, EVENT_FLAGS } from '../../../../../contract/constants.ts';
import { withScheme } from '../../../components/web-address.ts';
import { excerptText } from '../../../api/excerpt.ts';
import { addMinutes, minutesBetween } from './date-input.ts';
import { wallTimeIn } from '../../calendar/zones.ts';

/** A venue or organizer as the editor holds it: an existing one, or one to create with the event. */
export type LinkedChoice = { id: number; name: string } | { id: null; name: string; fields: Record<string, string> };

/** A category or tag: an existing term, or a name the service creates with the event. */
export type TermChoice = { id: number; name: string } | { id: null; name: string };

type Param = keyof EventWrite;
/** A value as the service's schema types it (the form holds it as it is sent). */
type Schema<P extends Param> = Exclude<EventWrite[P], undefined>;

interface FieldSpec<V> {
  /** The API parameter this field writes (and whose 400 messages it shows). */
  param: Param;
  /** Its label (the editor's, and the conflict dialog's). */
  label: MessageId;
  /** Its value in a new event. */
  empty: V;
  read(event: Event): V;
  /** Its part of a write; `undefined` sends nothing (an empty password keeps the current one). */
  write(value: V): EventWrite | undefined;
}

/** A field whose form value is the API value as the schema types it. */
function plain<P extends Param>(
  param: P,
  label: MessageId,
  empty: Schema<P>,
  read: (event: Event) => Schema<P>,
): FieldSpec<Schema<P>> {
  return { param, label, empty, read, write: (value) => ({ [param]: value }) as EventWrite };
}

function field<V>(spec: FieldSpec<V>): FieldSpec<V> {
  return spec;
}

const wall = (value: string, allDay: boolean) => (allDay ? value.slice(0, 10) : value.slice(0, 16));

function venueOf(event: Event): LinkedChoice | null {
  const venue = (Array.isArray(event.venue) ? event.venue[0] : event.venue) as Venue | undefined;
  return venue && typeof venue.id === 'number' ? { id: venue.id, name: String(venue.venue ?? '') } : null;
}

function linkedWrite(choice: LinkedChoice, nameField: 'venue' | 'organizer'): number | Record<string, string> {
  return choice.id !== null ? choice.id : { ...choice.fields, [nameField]: choice.name };
}

const termWrite = (terms: TermChoice[]) => terms.map((term) => (term.id !== null ? term.id : term.name));
const terms = (list: { id: number; name: string }[]): TermChoice[] => list.map(({ id, name }) => ({ id, name }));

/** The yes/no fields the editor shows, made from contract/constants.ts EVENT_FLAGS. */
export const EDITOR_FLAGS = EVENT_FLAG_NAMES.filter((name) => EVENT_FLAGS[name].editor);
type EditorFlag = (typeof EDITOR_FLAGS)[number];
const FLAG_FIELDS = Object.fromEntries(
  EDITOR_FLAGS.map((name) => [
    name,
    plain(name, `editor.flag.${name}`, EVENT_FLAGS[name].unset, (event) => event[name] === true),
  ]),
) as { [K in EditorFlag]: FieldSpec<boolean> };

export const EVENT_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;

/** Every field of the event editor, in the order a create sends them. */
export const EVENT_FIELDS = {
  title: plain('title', 'editor.title', '', (event) => event.title),
  start: field<string>({
    param: 'start_date',
    label: 'editor.start',
    empty: '',
    read: (event) => wall(event.start_date, event.all_day === true),
    write: (value) => ({ start_date: value }),
  }),
  end: field<string>({
    param: 'end_date',
    label: 'editor.end',
    empty: '',
    read: (event) => wall(event.end_date, event.all_day === true),
    write: (value) => ({ end_date: value }),
  }),
  allDay: plain('all_day', 'editor.allDay', false, (event) => event.all_day === true),
  timezone: plain('timezone', 'editor.timezone', '', (event) => event.timezone),
  description: plain('description', 'editor.description', '', (event) => event.description),
  excerpt: field<string>({
    param: 'excerpt',
    label: 'editor.excerpt',
    empty: '',
    read: (event) => excerptText(event.excerpt),
    write: (excerpt) => ({ excerpt }),
  }),
  venue: field<LinkedChoice | null>({
    param: 'venue',
    label: 'editor.venue',
    empty: null,
    read: venueOf,
    write: (venue) => ({ venue: venue ? linkedWrite(venue, 'venue') : [] }),
  }),
  organizers: field<LinkedChoice[]>({
    param: 'organizer',
    label: 'editor.organizers',
    empty: [],
    read: (event) =>
      event.organizer.map((organizer) => ({ id: organizer.id, name: String(organizer.organizer ?? '') })),
    write: (organizers) => ({ organizer: organizers.map((choice) => linkedWrite(choice, 'organizer')) }),
  }),
  categories: field<TermChoice[]>({
    param: 'categories',
    label: 'editor.categories',
    empty: [],
    read: (event) => terms(event.categories),
    write: (categories) => ({ categories: termWrite(categories) }),
  }),
  tags: field<TermChoice[]>({
    param: 'tags',
    label: 'editor.tags',
    empty: [],
    read: (event) => terms(event.tags),
    write: (tags) => ({ tags: termWrite(tags) }),
  }),
  cost: field<string>({
    param: 'cost',
    label: 'editor.cost',
    empty: '',
    read: (event) => costInput(event),
    write: (cost) => ({ cost }),
  }),
  website: field<string>({
    param: 'website',
    label: 'editor.website',
    empty: '',
    // An event without a website answers with its own page's URL (as the reference): not a value.
    read: (event) => (event.website === event.url ? '' : event.website),
    write: (website) => ({ website: withScheme(website) }),
  }),
  image: field<string>({
    param: 'image',
    label: 'editor.image',
    empty: '',
    read: (event) => (event.image === false ? '' : event.image.url),
    write: (image) => ({ image: withScheme(image) }),
  }),
  ...FLAG_FIELDS,
  status: plain('status', 'editor.status', 'publish', (event) => event.status),
  password: field<string>({
    param: 'password',
    label: 'editor.password',
    // Never shown: '' keeps the current password.
    empty: '',
    read: () => '',
    write: (password) => (password === '' ? undefined : { password }),
  }),
};

export type EventFieldName = keyof typeof EVENT_FIELDS;
/** The form's values, each typed by its field's spec. */
export type EventFormValues = {
  [K in EventFieldName]: (typeof EVENT_FIELDS)[K] extends FieldSpec<infer V> ? V : never;
};

const NAMES = Object.keys(EVENT_FIELDS) as EventFieldName[];
const spec = (name: EventFieldName) => EVENT_FIELDS[name] as FieldSpec<unknown>;

export function formFromEvent(event: Event): EventFormValues {
  return Object.fromEntries(NAMES.map((name) => [name, spec(name).read(event)])) as EventFormValues;
}

/**
 * Whether the event has a password. The contract never returns one; its single read leaves out
 * `json_ld` for exactly the protected events (docs/api.md, "Passwords in lists"), so that says it.
 */
export const hasPassword = (event: Event) => !('json_ld' in event);

/** A new event: from a quick-add slot, or the next full hour for one hour, in the site's zone. */
export function newEventForm(
  timezone: string,
  defaults?: { start: string; end: string; allDay: boolean; title?: string },
  now = new Date(),
): EventFormValues {
  const empty = Object.fromEntries(NAMES.map((name) => [name, spec(name).empty])) as EventFormValues;
  if (defaults) {
    const allDay = defaults.allDay;
    // Quick-add slots come as ISO instants with an offset: the wall time is what the grid showed.
    return {
      ...empty,
      title: defaults.title ?? '',
      timezone,
      allDay,
      start: wall(defaults.start.replace('T', ' '), allDay),
      end: wall(defaults.end.replace('T', ' '), allDay),
    };
  }
  // The next full hour on the site's clock (not the computer's), always one hour long: an event
  // made at 22:40 runs 23:00–00:00, as calendar apps do, not 23:00–23:59.
  const start = `${wallTimeIn(timezone, new Date(now.getTime() + 60 * 60 * 1000)).slice(0, 13)}:00`;
  return { ...empty, timezone, start, end: addMinutes(start, 60) };
}

/**
 * The cost as the organizer wrote it. The API's `cost` adds the site's currency to an amount that
 * has no symbol of its own ("15" on a New York site reads "$15"); read back into the form and
 * saved — a duplicate, or any edit of the cost — that symbol became the event's own, and the copy
 * kept "$" after the site moved to euros (issue 36's walk). Without a symbol of its own, the amounts
 * are the text; words ("Free") are already as written.
 */
export function costInput(event: Pick<Event, 'cost' | 'cost_details'>): string {
  const { currency_symbol: symbol, values } = event.cost_details;
  if (symbol !== '' || values.length === 0 || !/\d/.test(event.cost)) return event.cost;
  return values.join(' – ');
}

/** A copy of an event as a new one (Duplicate): every field but the password, unsaved. */
export function duplicateForm(event: Event, mayPublish: boolean): EventFormValues {
  const values = formFromEvent(event);
  return { ...values, status: mayPublish ? values.status : 'draft', password: '' };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose values differ between two forms. */
export function changedFields(before: EventFormValues, after: EventFormValues): EventFieldName[] {
  return NAMES.filter((name) => !same(before[name], after[name]));
}

/**
 * The body of the save: everything for a new event; for an update only the changed fields (dates
 * and all-day travel together, so the service never reads a new time against an old mode).
 */
export function eventWrite(values: EventFormValues, initial: EventFormValues | null): EventWrite {
  const changed = new Set(initial ? changedFields(initial, values) : NAMES);
  if (changed.has('allDay') || changed.has('start') || changed.has('end') || changed.has('timezone')) {
    for (const name of ['allDay', 'start', 'end'] as const) changed.add(name);
  }
  const write: EventWrite = {};
  for (const name of NAMES) if (changed.has(name)) Object.assign(write, spec(name).write(values[name]));
  return write;
}

/** API parameter → the form field that shows its error. */
const FIELD_OF_PARAM = new Map<string, EventFieldName>(NAMES.map((name) => [spec(name).param, name]));
export const eventFieldOf = (param: string): EventFieldName | undefined => FIELD_OF_PARAM.get(param);

/**
 * A new Start: End moves with it, keeping the event's length (as calendar apps do); all-day
 * events keep their number of days.
 */
export function withStart(values: EventFormValues, start: string): EventFormValues {
  const length = minutesBetween(values.start, values.end);
  if (length === undefined || length < 0 || minutesBetween(values.start, start) === undefined)
    return { ...values, start };
  return { ...values, start, end: addMinutes(start, length, values.allDay) };
}
