// The event editor's model: the form's values, how they come from an event (or from a quick-add
// slot), what a save sends (a create sends everything; an update only what changed, so it never
// overwrites a field someone else changed meanwhile), and where the server's 400 messages go.
// Pure: unit-tested in test/renderer/.
import type { Event, EventWrite, Venue, VenueWrite } from '../../../api/types.ts';

/** A venue or organizer as the editor holds it: an existing one, or one to create with the event. */
export type LinkedChoice = { id: number; name: string } | { id: null; name: string; fields: Record<string, string> };

/** A category or tag: an existing term, or a name the service creates with the event. */
export type TermChoice = { id: number; name: string } | { id: null; name: string };

export interface EventFormValues {
  title: string;
  /** 'YYYY-MM-DD HH:MM' ('YYYY-MM-DD' for all-day events), in the event's zone. */
  start: string;
  end: string;
  allDay: boolean;
  timezone: string;
  description: string;
  excerpt: string;
  venue: LinkedChoice | null;
  organizers: LinkedChoice[];
  categories: TermChoice[];
  tags: TermChoice[];
  cost: string;
  website: string;
  image: string;
  featured: boolean;
  sticky: boolean;
  hideFromListings: boolean;
  showMap: boolean;
  showMapLink: boolean;
  status: string;
  /** '' keeps the current password (it is never shown). */
  password: string;
}

export const EVENT_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;

const wall = (value: string, allDay: boolean) => (allDay ? value.slice(0, 10) : value.slice(0, 16));

function venueOf(event: Event): LinkedChoice | null {
  const venue = (Array.isArray(event.venue) ? event.venue[0] : event.venue) as Venue | undefined;
  return venue && typeof venue.id === 'number' ? { id: venue.id, name: String(venue.venue ?? '') } : null;
}

export function formFromEvent(event: Event): EventFormValues {
  const allDay = event.all_day === true;
  return {
    title: event.title,
    start: wall(event.start_date, allDay),
    end: wall(event.end_date, allDay),
    allDay,
    timezone: event.timezone,
    description: event.description,
    excerpt: event.excerpt,
    venue: venueOf(event),
    organizers: event.organizer.map((organizer) => ({ id: organizer.id, name: String(organizer.organizer ?? '') })),
    categories: event.categories.map((term) => ({ id: term.id, name: term.name })),
    tags: event.tags.map((term) => ({ id: term.id, name: term.name })),
    cost: event.cost,
    // An event without a website answers with its own page's URL (as the reference): not a value.
    website: event.website === event.url ? '' : event.website,
    image: event.image === false ? '' : event.image.url,
    featured: event.featured === true,
    sticky: event.sticky === true,
    hideFromListings: event.hide_from_listings === true,
    showMap: event.show_map === true,
    showMapLink: event.show_map_link === true,
    status: event.status,
    password: '',
  };
}

/** A new event: from a quick-add slot, or the next full hour for one hour, in the site's zone. */
export function newEventForm(
  timezone: string,
  defaults?: { start: string; end: string; allDay: boolean; title?: string },
  now = new Date(),
): EventFormValues {
  let start: string;
  let end: string;
  let allDay = false;
  if (defaults) {
    allDay = defaults.allDay;
    // Quick-add slots come as ISO instants with an offset: the wall time is what the grid showed.
    start = wall(defaults.start.replace('T', ' '), allDay);
    end = wall(defaults.end.replace('T', ' '), allDay);
  } else {
    const next = new Date(now.getTime() + 60 * 60 * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
    start = `${day} ${pad(next.getHours())}:00`;
    end = `${day} ${pad(Math.min(next.getHours() + 1, 23))}:${next.getHours() === 23 ? '59' : '00'}`;
  }
  return {
    title: defaults?.title ?? '',
    start,
    end,
    allDay,
    timezone,
    description: '',
    excerpt: '',
    venue: null,
    organizers: [],
    categories: [],
    tags: [],
    cost: '',
    website: '',
    image: '',
    featured: false,
    sticky: false,
    hideFromListings: false,
    showMap: true,
    showMapLink: true,
    status: 'publish',
    password: '',
  };
}

function linkedWrite(choice: LinkedChoice, nameField: 'venue' | 'organizer'): number | Record<string, string> {
  if (choice.id !== null) return choice.id;
  return { ...choice.fields, [nameField]: choice.name };
}

const termWrite = (terms: TermChoice[]) => terms.map((term) => (term.id !== null ? term.id : term.name));

/** Every field's part of a write, keyed by the form field it comes from. */
function parts(values: EventFormValues): Record<keyof EventFormValues, EventWrite> {
  return {
    title: { title: values.title },
    start: { start_date: values.start },
    end: { end_date: values.end },
    allDay: { all_day: values.allDay },
    timezone: { timezone: values.timezone },
    description: { description: values.description },
    excerpt: { excerpt: values.excerpt },
    venue: { venue: values.venue ? (linkedWrite(values.venue, 'venue') as EventWrite['venue']) : [] },
    organizers: {
      organizer: values.organizers.map((choice) => linkedWrite(choice, 'organizer')) as EventWrite['organizer'],
    },
    categories: { categories: termWrite(values.categories) as EventWrite['categories'] },
    tags: { tags: termWrite(values.tags) as EventWrite['tags'] },
    cost: { cost: values.cost },
    website: { website: values.website },
    image: { image: values.image },
    featured: { featured: values.featured },
    sticky: { sticky: values.sticky },
    hideFromListings: { hide_from_listings: values.hideFromListings },
    showMap: { show_map: values.showMap },
    showMapLink: { show_map_link: values.showMapLink },
    status: { status: values.status },
    password: values.password === '' ? {} : { password: values.password },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose values differ between two forms. */
export function changedFields(before: EventFormValues, after: EventFormValues): (keyof EventFormValues)[] {
  return (Object.keys(after) as (keyof EventFormValues)[]).filter((key) => !same(before[key], after[key]));
}

/**
 * The body of the save: everything for a new event; for an update only the changed fields (dates
 * and all-day travel together, so the service never reads a new time against an old mode).
 */
export function eventWrite(values: EventFormValues, initial: EventFormValues | null): EventWrite {
  const all = parts(values);
  if (!initial) return Object.assign({}, ...Object.values(all)) as EventWrite;
  const changed = new Set(changedFields(initial, values));
  if (changed.has('allDay') || changed.has('start') || changed.has('end') || changed.has('timezone')) {
    for (const key of ['allDay', 'start', 'end'] as const) changed.add(key);
  }
  return Object.assign({}, ...[...changed].map((key) => all[key])) as EventWrite;
}

/** API parameter → the form field that shows its error. */
const PARAM_FIELDS: Record<string, keyof EventFormValues> = {
  title: 'title',
  start_date: 'start',
  end_date: 'end',
  all_day: 'allDay',
  timezone: 'timezone',
  description: 'description',
  excerpt: 'excerpt',
  venue: 'venue',
  organizer: 'organizers',
  categories: 'categories',
  tags: 'tags',
  cost: 'cost',
  website: 'website',
  image: 'image',
  status: 'status',
  password: 'password',
  featured: 'featured',
  sticky: 'sticky',
  hide_from_listings: 'hideFromListings',
  show_map: 'showMap',
  show_map_link: 'showMapLink',
};

/** The server's 400 `data.params` as messages per form field; unknown params go under `form`. */
export function fieldErrors(params: Record<string, string>): Partial<Record<keyof EventFormValues | 'form', string>> {
  const errors: Partial<Record<keyof EventFormValues | 'form', string>> = {};
  for (const [param, message] of Object.entries(params)) {
    const field = PARAM_FIELDS[param.split(/[[.]/)[0]!] ?? 'form';
    errors[field] = errors[field] ? `${errors[field]} ${message}` : message;
  }
  return errors;
}

/** A venue created with the event: its fields as the venue editor would send them. */
export type InlineVenue = VenueWrite;
