// What the event card says, as text: when (in the display zone, and in the event's own zone
// beside it when that differs: "19:00 New York · 01:00 Berlin"), the start of the description as
// words, and the link that opens this card. Pure: unit-tested in test/renderer/.
import type { Event, FeedEvent, Venue } from '../../../api/types.ts';
import { formatInBothZones, formatWhen } from '../../../i18n/dates.ts';
import { todayIn } from '../../calendar/zones.ts';
import { venuePlace } from './venue-place.ts';

/**
 * What the card shows. It opens at once from what the calendar already has (the range feed: the
 * title, the times, the venue's name, the ETag) and fills in the rest when the event has loaded.
 */
export interface CardData {
  id: number;
  title: string;
  status: string;
  times: CardTimes;
  venue: { name: string; place: string } | null;
  etag: string | null;
  /** The series it is an occurrence of, when the calendar's feed said so (null: none). */
  series?: number | null;
  /** Hidden from event listings (its editors still see it everywhere, marked: issue 36). */
  hidden?: boolean;
  /** Loaded with the event; undefined until then. */
  details?: {
    organizers: string[];
    categories: { id: number; name: string }[];
    cost: string;
    /** The amounts and the event's own symbol, to say the cost with the site's currency (cost-text.ts). */
    costDetails?: Event['cost_details'];
    description: string;
  };
}

const apiInstant = (iso: string) => iso.replace('T', ' ').replace(/(\.\d+)?Z$/, '');

/** The card from the calendar's feed entry: everything but the details. */
export function cardFromFeed(event: FeedEvent): CardData {
  return {
    id: event.id,
    title: event.title,
    status: event.status,
    times: {
      all_day: event.all_day,
      start_date: event.start,
      end_date: event.end,
      utc_start_date: apiInstant(event.start_utc),
      utc_end_date: apiInstant(event.end_utc),
      timezone: event.timezone,
    },
    venue: event.venue ? { name: event.venue, place: '' } : null,
    etag: event.etag,
    series: event.series,
    hidden: event.hide_from_listings,
  };
}

/** The card from the loaded event (`locale`: the address's order when the venue names no country). */
export function cardFromEvent(event: Event, etag: string | null, locale = 'en'): CardData {
  const venue = (Array.isArray(event.venue) ? event.venue[0] : event.venue) as Venue | undefined;
  return {
    id: event.id,
    title: event.title,
    status: event.status,
    times: event,
    venue: venue
      ? {
          name: String(venue.venue ?? ''),
          place: venuePlace(venue, locale),
        }
      : null,
    etag,
    hidden: event.hide_from_listings === true,
    details: {
      organizers: event.organizer.map((organizer) => String(organizer.organizer ?? '')),
      categories: event.categories.map(({ id, name }) => ({ id, name })),
      cost: event.cost,
      // Only when the event has them (a test's or an old cache's event may not).
      ...(event.cost_details ? { costDetails: event.cost_details } : {}),
      description: descriptionStart(event.description),
    },
  };
}

/** The parts of an event the card's time lines need (the API's representation names). */
interface CardTimes {
  all_day: boolean | null;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  timezone: string;
}

const utc = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

/** The card's time lines: when, in words, and the two zones' times when the event's own differs. */
export function cardWhen(event: CardTimes, displayZone: string, locale: string): { when: string; zones?: string } {
  const allDay = event.all_day === true;
  const start = utc(event.utc_start_date);
  const when = formatWhen(
    {
      allDay,
      start,
      end: utc(event.utc_end_date),
      startDay: event.start_date.slice(0, 10),
      endDay: event.end_date.slice(0, 10),
    },
    locale,
    displayZone,
    'full',
  );
  if (allDay || !event.timezone || event.timezone === displayZone) return { when };
  return { when, zones: formatInBothZones(start, event.timezone, displayZone, locale) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…' };

/** The first words of an HTML description, as text, cut at a word near `limit` characters. */
export function descriptionStart(html: string, limit = 240): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|[a-z]+);/gi, (whole, ref: string) =>
      ref.startsWith('#') ? String.fromCodePoint(Number(ref.slice(1))) : (ENTITIES[ref.toLowerCase()] ?? whole),
    )
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** The address of the event's card: the calendar's day view on its day (in the site's zone). */
export function cardLink(base: string, event: { id: number; utc_start_date: string }, siteZone: string): string {
  const day = todayIn(siteZone, utc(event.utc_start_date));
  return `${base}/#/calendar?view=day&date=${day}&event=${event.id}`;
}
