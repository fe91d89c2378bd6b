// A dragged or resized event, as the PATCH that moves it. Timed events are sent as UTC instants
// (the service converts them into the event's own zone, so a move never changes the zone); all-day
// events as their first and last dates. Pure: unit-tested in test/renderer/.
import type { EventWrite, FeedEvent } from '../../api/types.ts';
import { addDays } from '../../state/calendar-range.ts';

/** What FullCalendar knows of an event after a drop or resize. */
export interface Placed {
  allDay: boolean;
  start: Date | null;
  end: Date | null;
  startStr: string;
  endStr: string;
}

const instant = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const HOUR_MS = 60 * 60 * 1000;

export function moveWrite(placed: Placed, before: FeedEvent): EventWrite {
  if (placed.allDay) {
    const start = placed.startStr.slice(0, 10);
    const endExclusive = placed.endStr ? placed.endStr.slice(0, 10) : addDays(start, 1);
    return { all_day: true, start_date: start, end_date: addDays(endExclusive, -1) };
  }
  const start = placed.start!;
  // An all-day event dropped into the time grid has no end yet: one hour, as the grid shows it.
  const end = placed.end ?? new Date(start.getTime() + HOUR_MS);
  const write: EventWrite = { start_date: instant(start), end_date: instant(end) };
  if (before.all_day) write.all_day = false;
  return write;
}

/** The PATCH that puts an event back where the feed had it (the undo of a move). */
export function restoreWrite(before: FeedEvent): EventWrite {
  return before.all_day
    ? { all_day: true, start_date: before.start.slice(0, 10), end_date: before.end.slice(0, 10) }
    : { all_day: false, start_date: before.start, end_date: before.end };
}
