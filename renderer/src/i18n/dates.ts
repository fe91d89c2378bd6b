// Dates and times as the UI writes them, one way everywhere (calendar events, the list view, the
// events table, the card, tokens, backups, the trash): Intl in the formatting locale, 24-hour
// times whenever the UI speaks Spanish (es-MX's and es-US's 12-hour habit included: "18:00", never
// "6:00 p. m." beside "18:00"), and time ranges through Intl's formatRange ("18:00–20:00",
// "21:00–0:00"; "6:00 – 8:00 PM"). Pure (Intl only): unit-tested in test/renderer/.
import { intlZone } from '../features/calendar/zones.ts';

/** Spanish UIs write 24-hour times, whatever the region's habit. */
export const hourCycleFor = (locale: string): Intl.DateTimeFormatOptions =>
  locale.toLowerCase().startsWith('es') ? { hourCycle: 'h23' } : {};

const cache = new Map<string, Intl.DateTimeFormat>();
/** Intl.DateTimeFormat is slow to build (~0.1 ms): one per locale, zone and style. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

const zoned = (zone: string | undefined): Intl.DateTimeFormatOptions => (zone ? { timeZone: intlZone(zone) } : {});

/**
 * A time of day: "18:00", "6:00 PM". `compact` (a line of the month grid, where the title needs the
 * room) writes an AM/PM clock as Google Calendar does, "6pm", "6:30pm"; a 24-hour "18:00" keeps its
 * minutes ("18" alone is not a time).
 */
export function formatTime(date: Date, locale: string, zone?: string, compact = false): string {
  const format = formatter(locale, {
    hour: 'numeric',
    minute: '2-digit',
    ...hourCycleFor(locale),
    ...zoned(zone),
  });
  if (!compact) return format.format(date);
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value;
  const period = part('dayPeriod');
  // Only the plain "AM"/"PM": other 12-hour locales' periods ("a. m.") are left as they are written.
  if (!period || !/^[ap]m$/i.test(period)) return parts.map((each) => each.value).join('');
  const minute = part('minute');
  return `${part('hour')}${minute === '00' ? '' : `:${minute}`}${period.toLowerCase()}`;
}

/**
 * The times of one day's range: "18:00–20:00", "6:00 – 8:00 PM"; `compact` (narrow grid columns)
 * drops ":00" where the locale has a 12-hour clock ("6 – 8:30 PM").
 */
export function formatTimeRange(start: Date, end: Date, locale: string, zone?: string, compact = false): string {
  const text = formatter(locale, {
    hour: 'numeric',
    minute: '2-digit',
    ...hourCycleFor(locale),
    ...zoned(zone),
  }).formatRange(start, end);
  return compact && /[^\d\s:–-]/.test(text) ? text.replace(/:00(?=\D|$)/g, '') : text;
}

/** A date and time: "5 dic 2026, 18:00" (tokens, backups, the trash). */
export function formatDateTime(date: Date, locale: string, zone?: string): string {
  return formatter(locale, { dateStyle: 'medium', timeStyle: 'short', ...hourCycleFor(locale), ...zoned(zone) }).format(
    date,
  );
}

/**
 * A wall time as the API writes it ('YYYY-MM-DD HH:MM[:SS]', in a zone said beside it: an import
 * preview's start) as the UI writes dates: "5 dic 2026, 19:00", "Dec 5, 2026, 7:00 PM". Formatted as
 * the wall time it is (no zone moves it); a text that is no such time is returned as it is.
 */
export function formatWallTime(text: string, locale: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text);
  if (!parts) return text;
  const [, year, month, day, hour, minute] = parts.map(Number) as number[];
  const instant = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!));
  if (Number.isNaN(instant.getTime())) return text;
  return formatDateTime(instant, locale, 'UTC');
}

/**
 * When an event happens, in words: "sábado, 5 de diciembre de 2026, 19:00–21:00" (`full`) or
 * "5 dic 2026, 19:00–21:00" (`medium`). All-day events by their dates ('YYYY-MM-DD', inclusive).
 */
type WhenEvent = { allDay: boolean; start: Date; end: Date; startDay: string; endDay: string };

/** The formatter and the two instants formatWhen and whenPieces word an event with (one choice). */
function whenRange(
  event: WhenEvent,
  locale: string,
  zone: string,
  style: 'full' | 'medium',
): [Intl.DateTimeFormat, Date, Date] {
  if (event.allDay) {
    const day = (text: string) => new Date(`${text}T12:00:00Z`);
    return [formatter(locale, { dateStyle: style, timeZone: 'UTC' }), day(event.startDay), day(event.endDay)];
  }
  const format = formatter(locale, { dateStyle: style, timeStyle: 'short', ...hourCycleFor(locale), ...zoned(zone) });
  return [format, event.start, event.end];
}

export function formatWhen(event: WhenEvent, locale: string, zone: string, style: 'full' | 'medium'): string {
  const [format, start, end] = whenRange(event, locale, zone, style);
  return format.formatRange(start, end);
}

/**
 * formatWhen's words in the pieces a narrow column may put on lines of their own: the date, then
 * the times of a day ("Dec 1, 2026" · "8:00 AM – 12:45 PM"); the start, then the end of a range
 * over days. Each piece with the space that follows it (Intl's own: a thin one around "–"), and a
 * date before its times with the words that join them (", " in English and Spanish: `joiner`,
 * which a date on a line of its own need not show); text, joiner and gap are formatWhen's text
 * exactly (what a screen reader, a copy and a search of the page read).
 */
export function whenPieces(
  event: WhenEvent,
  locale: string,
  zone: string,
  style: 'full' | 'medium',
): readonly WhenPiece[] {
  // Intl's formatRangeToParts is slow (~50 µs a call in Chromium, a fifth of drawing a page of the
  // Events list, issue 39), and a calendar's events share their times: 19:00–21:00 on a day.
  const key = `${locale}|${zone}|${style}|${
    event.allDay ? `${event.startDay}/${event.endDay}` : `${event.start.getTime()}/${event.end.getTime()}`
  }`;
  let pieces = piecesCache.get(key);
  if (!pieces) {
    if (piecesCache.size >= PIECES_CACHED) piecesCache.clear();
    pieces = Object.freeze(wordPieces(event, locale, zone, style));
    piecesCache.set(key, pieces);
  }
  return pieces;
}

type WhenPiece = Readonly<{ text: string; joiner: string; gap: string }>;
const PIECES_CACHED = 2_000;
const piecesCache = new Map<string, readonly WhenPiece[]>();

function wordPieces(event: WhenEvent, locale: string, zone: string, style: 'full' | 'medium'): WhenPiece[] {
  const [format, start, end] = whenRange(event, locale, zone, style);
  const parts = format.formatRangeToParts(start, end);
  const timeFirst = parts.findIndex((part) => part.type === 'hour');
  const sameDay = timeFirst > 0 && parts.slice(0, timeFirst).every((part) => part.source === 'shared');
  const at = sameDay ? timeFirst : parts.findIndex((part) => part.source === 'endRange');
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  // A piece ends where a space does (a line may break there), never inside a word or a time.
  const head = /^(.*\S)(\s+)$/su.exec(at > 0 ? text(0, at) : '');
  if (!head) return [{ text: text(0), joiner: '', gap: '' }];
  // What joins a day to its times is the literal just before the hour ("Dec 1, 2026, 8:00 AM"); a
  // range over days keeps its "–", which is no joiner but half of what the range says.
  const joint = sameDay && parts[at - 1]?.type === 'literal' ? parts[at - 1]!.value.trim() : '';
  const date = head[1]!;
  const cut = joint !== '' && date.endsWith(joint) ? date.slice(0, -joint.length).trimEnd().length : date.length;
  return [
    { text: date.slice(0, cut), joiner: date.slice(cut), gap: head[2]! },
    { text: text(at), joiner: '', gap: '' },
  ];
}

/** A zone as people name it: its city ("America/New_York" → "New York"), or the zone as written. */
export function zoneCity(zone: string): string {
  const city = zone.includes('/') ? zone.slice(zone.lastIndexOf('/') + 1) : zone;
  return city.replace(/_/g, ' ');
}

/**
 * The start in the event's own zone beside the display zone's, when they differ:
 * "19:00 New York · 01:00 Berlin" (with the weekday where the days differ: "Sat 19:00 …").
 */
export function formatInBothZones(start: Date, eventZone: string, displayZone: string, locale: string): string {
  const day = (zone: string) => formatter(locale, { weekday: 'short', ...zoned(zone) }).format(start);
  const sameDay = day(eventZone) === day(displayZone);
  const part = (zone: string) =>
    `${sameDay ? '' : `${day(zone)} `}${formatTime(start, locale, zone)} ${zoneCity(zone)}`;
  return `${part(eventZone)} · ${part(displayZone)}`;
}
