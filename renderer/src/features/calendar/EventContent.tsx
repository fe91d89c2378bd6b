// What an event shows in the calendar: its time (in the site's zone, or in its own zone with the
// zone's name when the setting says so), its title, and its status when not published.
import type { FeedEvent } from '../../api/types.ts';
import { useLocale, useT, type MessageId } from '../../i18n/index.tsx';
import { zoneAbbreviation } from './zones.ts';

const STATUS_LABELS: Partial<Record<string, MessageId>> = {
  draft: 'calendar.status.draft',
  pending: 'calendar.status.pending',
  private: 'calendar.status.private',
  future: 'calendar.status.future',
};

export function EventContent({
  event,
  timeText,
  display,
  siteZone,
  stacked = false,
}: {
  event: FeedEvent;
  timeText: string;
  display: 'site' | 'event';
  siteZone: string;
  /** Time above title (the week and day grids, where events are tall boxes). */
  stacked?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  let time = timeText;
  if (display === 'event' && !event.all_day && event.timezone !== siteZone) {
    const [hours = '0', minutes = '0'] = event.start.slice(11, 16).split(':');
    const wall = new Date(Date.UTC(2000, 0, 1, Number(hours), Number(minutes)));
    const local = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(wall);
    time = `${local} ${zoneAbbreviation(event.timezone, new Date(event.start_utc), locale)}`;
  }
  const status = STATUS_LABELS[event.status];
  return (
    // FullCalendar makes the event itself the focusable, clickable control (Enter opens it).
    <div className={`calendar-event${stacked ? ' is-stacked' : ''}`} data-event-id={event.id}>
      {time && <span className="event-time">{time}</span>}
      <span className="event-title">{event.title}</span>
      {status && <span className="event-status">{t(status)}</span>}
    </div>
  );
}
