// What an event shows in the calendar: the repeat mark of an occurrence of a series, its time (in the site's zone, or in its own zone with the
// zone's name when the setting says so), its title, and its status when not published. Times are
// written by i18n/dates.ts, as everywhere else in the UI (FullCalendar's own "18" is not used): the
// month shows the start ("18:00", "6pm"), the week, day and list views the range.
// A month line is one line in a cell ~100–150 px wide, so the title gets the room (calendar.css): the
// time is short, a status is no badge but a hollow dot (a hatched bar for all-day and multi-day
// events) with its word left to screen readers, and all of it — time range, full title, status — is
// the line's tooltip (written as the pointer comes to it). In a narrow box of the week or day grid (events
// side by side) the title is drawn before the time (calendar.css), and the tooltip says it all too.
import type { PointerEvent } from 'react';
import type { FeedEvent } from '../../api/types.ts';
import { useLocale, useT, type MessageId } from '../../i18n/index.tsx';
import { formatTime, formatTimeRange } from '../../i18n/dates.ts';
import { zoneAbbreviation } from './zones.ts';
import { SeriesMark } from '../series/SeriesMark.tsx';
import { HiddenMark } from '../events/HiddenMark.tsx';

const STATUS_LABELS: Partial<Record<string, MessageId>> = {
  draft: 'calendar.status.draft',
  pending: 'calendar.status.pending',
  private: 'calendar.status.private',
  future: 'calendar.status.future',
};

export type EventLayout = 'month' | 'grid' | 'list';

export function EventContent({
  event,
  layout,
  display,
  siteZone,
}: {
  event: FeedEvent;
  layout: EventLayout;
  display: 'site' | 'event';
  siteZone: string;
}) {
  const t = useT();
  const locale = useLocale();
  const ownZone = display === 'event' && event.timezone !== siteZone;
  const zone = ownZone ? event.timezone : siteZone;
  const start = new Date(event.start_utc);
  let time: string;
  if (event.all_day) time = layout === 'list' ? t('calendar.allDay') : '';
  else {
    time =
      layout === 'month'
        ? formatTime(start, locale, zone, true)
        : formatTimeRange(start, new Date(event.end_utc), locale, zone, layout === 'grid');
    if (ownZone) time = `${time} ${zoneAbbreviation(event.timezone, start, locale)}`;
  }
  const status = STATUS_LABELS[event.status];
  const month = layout === 'month';
  // Written when the pointer comes to the line, not with every line of every month drawn: Intl's
  // formatRange for ~100 lines was ~6 ms of each month switch, for tooltips nobody had asked for.
  const showTooltip = (pointer: PointerEvent<HTMLDivElement>) => {
    pointer.currentTarget.title = [
      event.all_day ? '' : formatTimeRange(start, new Date(event.end_utc), locale, zone),
      ownZone && !event.all_day ? zoneAbbreviation(event.timezone, start, locale) : '',
      event.title,
      status ? `(${t(status)})` : '',
      event.hide_from_listings ? `(${t('events.hiddenMark')})` : '',
    ]
      .filter(Boolean)
      .join(' ');
  };
  return (
    // FullCalendar makes the event itself the focusable, clickable control (Enter opens it); its
    // name is this text, the whole title included however little of it the line shows.
    <div
      className={`calendar-event${layout === 'grid' ? ` is-stacked${event.all_day ? '' : ' is-timed'}` : month ? ' is-line' : ''}`}
      data-event-id={event.id}
      // Month lines and the grids' boxes (narrow side by side) show part of it: the tooltip says all.
      onPointerEnter={layout !== 'list' ? showTooltip : undefined}
    >
      {time && <span className="event-time">{time}</span>}
      <span className="event-title">
        {/* Hidden from listings, not from its editors: shown here, marked (issue 36). */}
        {event.hide_from_listings && <HiddenMark />}
        {event.series !== null && <SeriesMark />}
        {event.title}
      </span>
      {status && <span className={month ? 'visually-hidden' : 'event-status'}>{t(status)}</span>}
    </div>
  );
}

/** The shape drawn while a slot is being selected (FullCalendar's "mirror"): the times, no event. */
export function SelectionContent({ timeText }: { timeText: string }) {
  return <div className="calendar-event is-stacked is-mirror">{timeText}</div>;
}
