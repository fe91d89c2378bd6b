// The range feed's events as FullCalendar event inputs. Timed events are placed by their UTC
// instants (FullCalendar shows them in the calendar's zone); all-day events by their dates, with
// FullCalendar's exclusive end (the day after the last day).
import type { FeedEvent } from '../../api/types.ts';
import { addDays } from '../../state/calendar-range.ts';
import { categoryColor } from './category-colors.ts';

interface CalendarEventInput {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  color: string;
  contrastColor: string;
  className: string;
  editable: boolean;
  extendedProps: { feed?: FeedEvent; more?: { day: string; count: number }; sortKey: number };
}

export function toCalendarEvent(event: FeedEvent, editable: boolean, sortKey = 0): CalendarEventInput {
  const color = categoryColor(event.categories[0]);
  const allDay = event.all_day;
  return {
    id: String(event.id),
    title: event.title,
    start: allDay ? event.start.slice(0, 10) : event.start_utc,
    end: allDay ? addDays(event.end.slice(0, 10), 1) : event.end_utc,
    allDay,
    color,
    contrastColor: '#ffffff',
    className: `calendar-entry status-${event.status}${event.featured ? ' is-featured' : ''}${event.hide_from_listings ? ' is-hidden' : ''}`,
    editable,
    extendedProps: { feed: event, sortKey },
  };
}

/** The month grid's "+N more" line of a day: an all-day entry listed last; a click opens the day. */
export function moreMarker(day: string, count: number): CalendarEventInput {
  return {
    id: `more:${day}`,
    title: '',
    start: day,
    end: addDays(day, 1),
    allDay: true,
    color: 'transparent',
    contrastColor: 'inherit',
    className: 'more-events',
    editable: false,
    extendedProps: { more: { day, count }, sortKey: Number.MAX_SAFE_INTEGER },
  };
}
