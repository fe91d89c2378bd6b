// The calendar on paper: one landscape page (A4 or US Letter, 10 mm margins) for a month, a week
// or a day. Month: the grid at the page's height, with as many events a day as fit and "+N more".
// Week and day: hourly rows from the first event's hour to the last one's (at least eight hours),
// so the whole day's events are on the page rather than what the screen had scrolled to. The list
// view flows over as many pages as it needs. Pure: unit-tested in test/renderer/.
import type { FeedEvent } from '../../api/types.ts';
import { intlZone } from './zones.ts';

/** The calendar's height on the page, in CSS pixels: a landscape page's 190 mm, less the title. */
export const PRINT_HEIGHT_PX = 640;

/** Events a day in the month grid on paper (10 px text): the rest are counted in "+N more". */
export const PRINT_MONTH_ROWS = 3;

const pad = (n: number) => String(n).padStart(2, '0');

/** The hours the week or day grid shows on paper: from the earliest start to the latest end. */
export function printHours(events: FeedEvent[], zone: string): { min: string; max: string } {
  const hourOf = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: intlZone(zone),
  });
  let first = 24;
  let last = 0;
  for (const event of events) {
    if (event.all_day) continue;
    const [startHour = 0] = hourOf.format(new Date(event.start_utc)).split(':').map(Number);
    const [endHour = 0, endMinute = 0] = hourOf.format(new Date(event.end_utc)).split(':').map(Number);
    // An event that runs past midnight fills the day to its end.
    const endsNextDay = new Date(event.end_utc).getTime() - new Date(event.start_utc).getTime() >= 24 * 3600_000;
    first = Math.min(first, startHour);
    last = Math.max(last, endsNextDay || endHour < startHour ? 24 : endHour + (endMinute > 0 ? 1 : 0));
  }
  if (first >= last) return { min: '08:00:00', max: '18:00:00' };
  // At least eight hours, widened around the events (never past the day's ends).
  while (last - first < 8) {
    if (first > 0) first--;
    if (last - first < 8 && last < 24) last++;
  }
  return { min: `${pad(first)}:00:00`, max: `${pad(last)}:00:00` };
}

/** The height of an hour's row on paper: the hours shown fill the page's grid (20 to 48 px). */
export function printHourHeight(hours: { min: string; max: string }): number {
  const count = Number(hours.max.slice(0, 2)) - Number(hours.min.slice(0, 2));
  return Math.max(20, Math.min(48, Math.floor(560 / Math.max(count, 1))));
}
