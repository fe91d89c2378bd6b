// The calendar: Month, Week, Day and List views over the range feed (every event of the visible
// range, in the site's time zone), category colours, "+N more" on busy days (and on crowded hours
// of the week and day grids), drag to move, drag an edge to resize, click an empty slot to
// quick-add, click an event to open its card. Moving an occurrence of a repeating event first asks
// which events move (features/series/ScopeDialog).
import esLocale from '@fullcalendar/react/locales/es';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { firstScreenDrawn } from '../shell/first-screen.ts';
import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useContentVariant } from '../../api/translations.ts';
import { prefetchEvent, useEventFeed, usePrefetchEventFeeds } from '../../api/events.ts';
import { useSession } from '../../api/session.ts';
import { useLocale, useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';
import { step, visibleRange, type CalendarView } from '../../state/calendar-range.ts';
import { canEdit, canEditOthers, eventContext } from '../session/permissions.ts';
import { ErrorMessage } from '../../components/States.tsx';
import { CalendarToolbar } from './CalendarToolbar.tsx';
import { ZoneNote } from './ZoneNote.tsx';
import { FileActions } from '../calendar-files/FileActions.tsx';
import { QuickAdd, type QuickAddSlot } from './QuickAdd.tsx';
import { moreMarker, toCalendarEvent } from './feed-events.ts';
import { capPerDay } from '../../../../contract/day-cap.ts';
import { useMonthRows } from './use-month-rows.ts';
import { usePrinting } from '../../components/printing.ts';
import { PRINT_HEIGHT_PX, PRINT_MONTH_ROWS, printHourHeight, printHours } from './print-layout.ts';
import { intlZone, todayIn } from './zones.ts';
import { formatWhen } from '../../i18n/dates.ts';
import { useMoves } from './use-moves.ts';
import { EventContent, SelectionContent, type EventLayout } from './EventContent.tsx';
import { cardFromFeed } from '../events/card/card-text.ts';
import type { FeedEvent } from '../../api/types.ts';
import type { Placed } from './moves.ts';
import { ScopeDialog } from '../series/ScopeDialog.tsx';
import { useSeriesMoves } from '../series/use-series-moves.ts';

/** A drop or resize waiting for the scope question's answer. */
interface PendingMove {
  placed: Placed;
  feed: FeedEvent;
  revert(): void;
  how: 'move' | 'resize';
}

const FC_VIEWS: Record<CalendarView, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  list: 'listMonth',
};

/** Monday for most locales, Sunday for en-US and a few others (Intl's week info where available). */
function localeFirstDay(locale: string): number {
  const info = new Intl.Locale(locale) as Intl.Locale & {
    getWeekInfo?(): { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  const first = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay ?? 1;
  return first % 7;
}

/** "November 2026", "Nov 15 – 21, 2026", "Sunday, November 15, 2026" (dates only: no zone math). */
function titleFor(view: CalendarView, date: string, locale: string, firstDay: number): string {
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  if (view === 'day') return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(noon(date));
  if (view === 'week') {
    const { start, end } = visibleRange('week', date, firstDay);
    return new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).formatRange(noon(start), noon(step('day', end, -1)));
  }
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(noon(date));
}

/** Prefetches the event drawn at `target` (EventContent marks it with data-event-id). */
function prefetchShownEvent(
  client: QueryClient,
  target: EventTarget,
  where: 'closest' | 'inside',
  context: 'edit' | 'view',
) {
  if (!(target instanceof Element)) return;
  const marked = where === 'closest' ? target.closest('[data-event-id]') : target.querySelector('[data-event-id]');
  const id = Number(marked?.getAttribute('data-event-id'));
  if (id > 0) prefetchEvent(client, id, context);
}

/** How FullCalendar's view type lays an event out. */
const layoutOf = (viewType: string): EventLayout =>
  viewType.startsWith('timeGrid') ? 'grid' : viewType.startsWith('list') ? 'list' : 'month';

/** The hour labels of the week and day grids: "8:00" … "18:00" in Spanish, "8 AM" in English. */
const slotLabelFormat = (locale: string) =>
  locale.startsWith('es')
    ? ({ hour: 'numeric', minute: '2-digit', hour12: false } as const)
    : ({ hour: 'numeric', meridiem: 'short' } as const);

/** A slot selected by a click (one half-hour) becomes an hour, as calendar apps propose. */
const HALF_HOUR_MS = 30 * 60 * 1000;

/**
 * The range feed's parameters for a visible range (the same key for the view and its prefetch). A
 * month grid has the service cut each day to the rows it draws (`per_day`): a busy month is ~100
 * events instead of thousands.
 */
const feedParams = (
  view: CalendarView,
  range: { start: string; end: string },
  variant: { translation_language?: string },
  perDay: number,
) => ({
  start_date: range.start,
  end_date: range.end,
  strict_dates: false,
  ...(view === 'month' ? { per_day: perDay } : {}),
  ...variant,
});

export function CalendarScreen() {
  const t = useT();
  const locale = useLocale();
  const session = useSession().data!;
  const zone = session.site.timezone;
  const view = useUi((state) => state.calendarView);
  const date = useUi((state) => state.calendarDate);
  const preferences = useUi((state) => state.preferences);
  const setCalendar = useUi((state) => state.setCalendar);
  const openEditor = useUi((state) => state.openEditor);
  const openCard = useUi((state) => state.openCard);
  const context = eventContext(session);
  const firstDay = preferences.firstDay ?? localeFirstDay(locale);
  const editable = canEdit(session);
  const calendarRef = useRef<CalendarRef>(null);
  const [quickAdd, setQuickAdd] = useState<QuickAddSlot | null>(null);
  const { save, undo } = useMoves();
  const saveSeriesMove = useSeriesMoves(undo);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  /** A drop or resize: an occurrence asks first, any other event is saved at once. */
  const placed = (move: PendingMove) =>
    move.feed.series !== null ? setPendingMove(move) : void save(move.placed, move.feed, move.revert, move.how);
  const queryClient = useQueryClient();

  const range = visibleRange(view, date, firstDay);
  const variant = useContentVariant();
  // The month grid's rows a day: as many as the window holds, and on paper PRINT_MONTH_ROWS. The
  // service cuts to the larger of the two, so a print needs no request (it lays out at once, inside
  // beforeprint); the smaller is cut here from what came.
  const printing = usePrinting();
  const screenRows = useMonthRows();
  const perDay = printing ? PRINT_MONTH_ROWS : screenRows;
  const servedPerDay = Math.max(screenRows, PRINT_MONTH_ROWS);
  const feed = useEventFeed(feedParams(view, range, variant, servedPerDay));
  // Once this range is drawn, the ones before and after it load in the background.
  usePrefetchEventFeeds(
    [1, -1].map((direction) =>
      feedParams(view, visibleRange(view, step(view, date, direction as 1 | -1), firstDay), variant, servedPerDay),
    ),
    feed.isSuccess && !feed.isPlaceholderData,
  );
  const showingOther = feed.isPending || feed.isPlaceholderData;
  // The first range drawn: what waited for it (the editors' code) may load now.
  useEffect(() => {
    if (feed.isSuccess && !feed.isPlaceholderData) firstScreenDrawn();
  }, [feed.isSuccess, feed.isPlaceholderData]);
  // The month grid shows a few events a day and "+N more" (day-cap.ts); the other views all.
  // On paper the week and day grids show the hours that have events, an hour a row (print-layout.ts).
  const hours = useMemo(
    () => (printing && (view === 'week' || view === 'day') ? printHours(feed.data?.events ?? [], zone) : undefined),
    [printing, view, feed.data, zone],
  );
  const events = useMemo(() => {
    const all = feed.data?.events ?? [];
    if (view !== 'month') return all.map((event) => toCalendarEvent(event, editable));
    // The service's cut, or (fewer rows wanted than it cut to) that cut cut again, its left-out
    // events counted in. Cut twice, a multi-day event may show on a day where one cut once would
    // not (or the reverse) in rare overlaps; every event is still either drawn or counted.
    const served = feed.data?.more ?? {};
    const { shown, more } =
      perDay < servedPerDay
        ? capPerDay(all, range, zone, perDay, served)
        : { shown: all, more: new Map(Object.entries(served)) };
    return [
      ...shown.map((event, index) => toCalendarEvent(event, editable, index)),
      ...[...more].map(([day, count]) => moreMarker(day, count)),
    ];
  }, [feed.data, editable, view, range.start, range.end, zone, perDay, servedPerDay]); // eslint-disable-line react-hooks/exhaustive-deps

  const go = (nextView: CalendarView, nextDate: string) => setCalendar(nextView, nextDate);

  // The store is the source (the toolbar, the keyboard, Back/Forward and pasted links all change
  // it); FullCalendar follows — told as the store changes, not in an effect after our render: its
  // own re-render is then batched with ours, and the new range is drawn once, with its events.
  // (Told after, FullCalendar first drew the old range with the new events, then the new range:
  // two renders of the grid a switch, ~15 ms of each Next month.) A layout effect: subscribed
  // within the commit that mounts the calendar, no change can slip in between.
  useLayoutEffect(
    () =>
      useUi.subscribe((state, previous) => {
        const api = calendarRef.current?.getApi();
        if (!api || (state.calendarView === previous.calendarView && state.calendarDate === previous.calendarDate))
          return;
        const fcView = FC_VIEWS[state.calendarView];
        if (api.view.type !== fcView) api.changeView(fcView, state.calendarDate);
        else api.gotoDate(state.calendarDate);
      }),
    [],
  );

  /** The selected slot in words, as the quick add says it ("Tuesday, March 5, 2027, 19:00–20:00"). */
  const slotLabel = (start: Date, end: Date, allDay: boolean) =>
    formatWhen(
      { allDay, start, end, startDay: todayIn(zone, start), endDay: todayIn(zone, end) },
      locale,
      zone,
      'full',
    );

  return (
    <section className="screen calendar-screen" aria-labelledby="calendar-title">
      <CalendarToolbar
        title={titleFor(view, date, locale, firstDay)}
        view={view}
        canCreate={editable}
        onToday={() => go(view, todayIn(zone))}
        onStep={(direction) => go(view, step(view, date, direction))}
        onView={(next) => go(next, date)}
        onNewEvent={() => openEditor({ kind: 'event', id: null })}
        files={<FileActions canImport={canEditOthers(session)} query={{}} fileName={session.site.title} />}
        zone={<ZoneNote zone={zone} display={preferences.timeDisplay} />}
      />
      <h2 id="calendar-title" className="visually-hidden">
        {t('calendar.timesIn', { zone })}
      </h2>
      {feed.isError && <ErrorMessage error={feed.error} onRetry={() => void feed.refetch()} />}
      {/* Busy while another range's events stand in (not for a background refresh of this one). */}
      <div
        className={`calendar-frame${showingOther ? ' is-loading' : ''}`}
        style={hours ? ({ '--print-hour': `${printHourHeight(hours)}px` } as CSSProperties) : undefined}
        aria-busy={showingOther}
        // The skip link lands on the first event drawn (or here, when there is none).
        data-skip-target="[data-event-id]"
        tabIndex={-1}
        // An event about to be opened (pointed at, or reached with Tab) starts loading now: by the
        // click, the editor usually finds it already here and opens without waiting.
        onPointerOver={(pointer) => prefetchShownEvent(queryClient, pointer.target, 'closest', context)}
        onFocus={(focus) => prefetchShownEvent(queryClient, focus.target, 'inside', context)}
      >
        <FullCalendar
          ref={calendarRef}
          plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={FC_VIEWS[view]}
          initialDate={date}
          headerToolbar={false}
          timeZone={intlZone(zone)}
          locale={locale.startsWith('es') ? esLocale : locale}
          // The week and day grids' all-day row, on one line: FullCalendar's Spanish is "Todo\nel día",
          // two lines in a narrow column (its axis is as wide as this label).
          allDayText={t('calendar.allDayRow')}
          firstDay={firstDay}
          // On paper: the month at the page's height; the week, day and list at their own.
          height={printing ? (view === 'month' ? PRINT_HEIGHT_PX : 'auto') : '100%'}
          slotDuration={hours ? '01:00:00' : '00:30:00'}
          slotMinTime={hours?.min ?? '00:00:00'}
          slotMaxTime={hours?.max ?? '24:00:00'}
          // On paper a month has the weeks it has: five rows where a sixth would be the next month.
          fixedWeekCount={!printing}
          dayMaxEvents={view !== 'month'}
          // Many events at one time stay readable: a few side by side, the rest behind "+N".
          eventMaxStack={view === 'day' ? 6 : 2}
          slotEventOverlap={false}
          slotHeaderFormat={slotLabelFormat(locale)}
          eventOrder={view === 'month' ? 'sortKey' : 'start,-duration,allDay,title'}
          // EventContent writes every event's time itself; FullCalendar's own time text is used only
          // by the shape drawn while a week or day slot is selected or an event dragged in it, and
          // the list view's time column. In the month, writing it for every event was ~7 ms of each
          // month switch, for nothing.
          displayEventTime={view !== 'month'}
          nowIndicator
          events={events}
          editable={editable}
          eventStartEditable={editable}
          eventDurationEditable={editable}
          selectable={editable}
          selectMirror
          eventContent={(info) => {
            const more = info.event.extendedProps.more as { count: number } | undefined;
            if (more)
              return <span className="more-events-link">{t('calendar.moreEvents', { count: more.count })}</span>;
            const feedEvent = info.event.extendedProps.feed as FeedEvent | undefined;
            const layout = layoutOf(info.view.type);
            // The shape drawn while a slot is selected is no event of ours: it has no feed entry.
            // An event dragged in the week or day view shows the times it would get; dragged in the
            // month, its day changes but not its time: it shows itself.
            if (!feedEvent || (info.isMirror && layout !== 'month'))
              return <SelectionContent timeText={info.timeText} />;
            return <EventContent event={feedEvent} layout={layout} display={preferences.timeDisplay} siteZone={zone} />;
          }}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            const more = info.event.extendedProps.more as { day: string } | undefined;
            if (more) return go('day', more.day);
            const id = Number(info.event.id);
            prefetchEvent(queryClient, id, context);
            const feedEvent = info.event.extendedProps.feed as FeedEvent;
            // The card measures the event when it is drawn: reading its box here would force a
            // style and layout pass of the whole month of its own (FullCalendar's press dirtied it).
            openCard({ id, anchor: { element: info.el }, preview: cardFromFeed(feedEvent) });
          }}
          select={(info) => {
            const api = calendarRef.current!.getApi();
            api.unselect();
            const clicked = !info.allDay && info.end.getTime() - info.start.getTime() === HALF_HOUR_MS;
            const end = clicked ? new Date(info.start.getTime() + 2 * HALF_HOUR_MS) : info.end;
            setQuickAdd({
              start: info.allDay ? info.startStr.slice(0, 10) : info.startStr,
              end: info.allDay ? step('day', info.endStr.slice(0, 10), -1) : clicked ? api.formatIso(end) : info.endStr,
              allDay: info.allDay,
              label: slotLabel(info.start, new Date(end.getTime() - (info.allDay ? 1 : 0)), info.allDay),
            });
          }}
          eventDrop={(info) =>
            placed({
              placed: info.event as unknown as Placed,
              feed: info.event.extendedProps.feed as FeedEvent,
              revert: info.revert,
              how: 'move',
            })
          }
          eventResize={(info) =>
            placed({
              placed: info.event as unknown as Placed,
              feed: info.event.extendedProps.feed as FeedEvent,
              revert: info.revert,
              how: 'resize',
            })
          }
        />
      </div>
      {!feed.isPending && events.length === 0 && !feed.isError && (
        <p className="calendar-empty" role="status">
          {editable ? t('calendar.empty') : t('calendar.readOnly')}
        </p>
      )}
      {quickAdd && <QuickAdd slot={quickAdd} onClose={() => setQuickAdd(null)} />}
      {pendingMove && (
        <ScopeDialog
          mode="edit"
          onChoose={(scope, includeDetached) => {
            setPendingMove(null);
            if (scope === 'this') void save(pendingMove.placed, pendingMove.feed, pendingMove.revert, pendingMove.how);
            else void saveSeriesMove(scope, includeDetached, pendingMove);
          }}
          onCancel={() => {
            pendingMove.revert();
            setPendingMove(null);
          }}
        />
      )}
    </section>
  );
}
