// The range feed's events as FullCalendar event inputs. Timed events are placed by their UTC
// instants (FullCalendar shows them in the calendar's zone); all-day events by their dates, with
// FullCalendar's exclusive end (the day after the last day).
import type { FeedEvent } from '../../api/types.ts';
import { addDays } from '../../state/calendar-range.ts';
import { categoryColor } from './category-colors.ts';

export interface CalendarEventInput {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  color: string;
  contrastColor: string;
  className: string;
  editable: boolean;
  extendedProps: { feed: FeedEvent };
}

export function toCalendarEvent(event: FeedEvent, editable: boolean): CalendarEventInput {
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
    className: `status-${event.status}${event.featured ? ' is-featured' : ''}`,
    editable,
    extendedProps: { feed: event },
  };
}
