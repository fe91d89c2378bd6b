// The events list: every list filter of the API, totals and paging from X-TEC-Total, the filters,
// the sort, the page size and "one row per series" kept in the URL (through almanac/v1/event-list,
// /events' page plus the app's sorting and series rows). A row opens the event's card (Edit is one
// press further); editors select rows for bulk work (BulkBar).
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { prefetchEvent, prefetchEventList, useEventList } from '../../api/events.ts';
import { useContentVariant } from '../../api/translations.ts';
import { useSession } from '../../api/session.ts';
import { useSeriesOfEvents } from '../../api/series.ts';
import type { Event } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox, SelectField } from '../../components/Fields.tsx';
import { EmptyState, ErrorMessage, Loading, Pagination, useNoticeableWait } from '../../components/States.tsx';
import { notify } from '../../components/Notices.tsx';
import { useLocale, useT } from '../../i18n/index.tsx';
import { activeFilterCount, eventListParams, eventListQuery, PAGE_SIZES } from '../../state/filters.ts';
import { useUi } from '../../state/ui-store.ts';
import { canEdit, canEditOthers, eventContext } from '../session/permissions.ts';
import { FileActions } from '../calendar-files/FileActions.tsx';
import { EventFilters, useNearCenter } from './list/EventFilters.tsx';
import { EventTable } from './list/EventTable.tsx';
import { BulkBar } from './list/BulkBar.tsx';
import { useFocusKeptWhenEmptied } from './list/use-focus-kept.ts';
import { selectionScope, tickedOnPage, useEventSelection } from './list/selection-store.ts';
import { useSeriesMarks } from './list/series-marks.ts';
import { cardFromEvent } from './card/card-text.ts';
import { usePaintedValue } from '../../components/after-paint.ts';

const NO_EVENTS: Event[] = [];

export default function EventsScreen() {
  const t = useT();
  const locale = useLocale();
  const session = useSession().data!;
  const filters = useUi((state) => state.eventFilters);
  const setFilters = useUi((state) => state.setEventFilters);
  const openEditor = useUi((state) => state.openEditor);
  const openCard = useUi((state) => state.openCard);
  const queryClient = useQueryClient();
  const center = useNearCenter(filters.near);
  const waitingForCenter = filters.near !== '' && !center;
  const variant = useContentVariant();
  // A filter change starts its request as it is made — the store's subscription runs inside the
  // keystroke's own event — not once this screen has been drawn again with it (40–90 ms later).
  // useEventList below then finds the request under way.
  const latest = useRef({ center, variant });
  useLayoutEffect(() => {
    latest.current = { center, variant };
  });
  useLayoutEffect(
    () =>
      useUi.subscribe((state, previous) => {
        const [now, before] = [state.eventFilters, previous.eventFilters];
        // A new place's coordinates are not known yet: the screen asks once they are.
        if (now === before || now.near !== before.near || (now.near !== '' && !latest.current.center)) return;
        const { center: near, variant: language } = latest.current;
        prefetchEventList(queryClient, eventListParams(now, near, language), eventListParams(before, near, language));
      }),
    [queryClient],
  );
  const listParams = eventListParams(filters, center, variant);
  const list = useEventList(listParams, { enabled: !waitingForCenter, app: true });
  // Every match, on every page (bulk work on "all that match"), in the list's order.
  const { page: _listPage, per_page: _listPerPage, ...matchingQuery } = listParams;
  const { page: _page, per_page: _perPage, ...exportQuery } = eventListQuery(filters, filters.perPage, center);
  // A selection belongs to the matches it was made in: pages and sorting keep it, a filter change
  // drops it and says so (selection-store.ts).
  const selection = useEventSelection();
  const follow = useEventSelection((state) => state.follow);
  const scope = selectionScope(filters, center);
  const clearedText = t('events.selectionCleared');
  useEffect(() => {
    if (follow(scope)) notify(clearedText);
  }, [scope, follow, clearedText]);
  const answer = list.data && 'data' in list.data ? list.data : undefined;
  const events: Event[] = answer?.data.events ?? NO_EVENTS;
  // The rows' series marks, asked for once the rows are on screen (the request's start, ~1–2 ms,
  // held up the frame with the rows): a store the marks read, so their arrival does not draw the
  // page's table again (series-marks.ts).
  const shown = usePaintedValue(events);
  const seriesMarks = useSeriesMarks(useSeriesOfEvents(shown.map((event) => event.id)).data);
  // The rows of the matches before, faded only once their replacement is slow to come: a quick
  // answer (most searches) is not preceded by a fade — a repaint of the whole table while the
  // request is on its way, its CPU taken from the service answering it (issue 39).
  const stale = useNoticeableWait(list.isPlaceholderData, 250);
  const total = answer?.total ?? 0;
  const totalText = useRef<HTMLParagraphElement>(null);
  const keepFocus = useFocusKeptWhenEmptied(answer !== undefined && events.length === 0, totalText);
  const pages = answer?.totalPages ?? 1;
  const editable = canEdit(session);
  const upcomingOnly = filters.from === '' && !filters.past;
  const emptyText = () => {
    if (activeFilterCount(filters) === 0) return t('events.emptyUpcoming');
    return upcomingOnly ? t('events.emptyFilteredUpcoming') : t('events.emptyFiltered');
  };
  // The page's table, drawn again only when what it shows changes: a keystroke in the filters
  // changes the list's query at once, and the old page's table (react-aria's collection, ~25 rows
  // of cells) drawn again on every key held up the request by 60–500 ms.
  // What is ticked on this page: one unchanging empty set while nothing is, so a filter change (a
  // new scope, then the selection following it) does not draw the old page's table twice more
  // before its new rows arrive.
  const ticked = useMemo(
    () =>
      tickedOnPage(
        events.map((event) => event.id),
        selection,
        selection.scope === scope,
      ),
    [events, selection, scope],
  );
  const setOnPage = selection.setOnPage;
  // The matches the rows on screen are of: the scope when they came (a keystroke's scope is not
  // theirs until its answer is in; another page, sort or a refetch keeps it). New matches get a
  // grid of their own (EventTable's `matches`): the Tab stop back on the first row, no Shift anchor
  // left from rows that are gone.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rowsScope = useMemo(() => scope, [events]);
  const table = useMemo(
    () => (
      <EventTable
        events={events}
        matches={rowsScope}
        zone={session.site.timezone}
        seriesMarks={seriesMarks}
        selection={
          editable
            ? {
                ids: ticked,
                // The table speaks for its page's rows; the other pages' picks stay.
                onChange: (next) =>
                  setOnPage(
                    events.map((event) => event.id),
                    next,
                  ),
              }
            : undefined
        }
        sort={{
          column: filters.sort,
          order: filters.order,
          onChange: (sort, direction) => setFilters({ sort, order: direction }),
        }}
        onOpen={(id) => {
          prefetchEvent(queryClient, id, eventContext(session));
          // Beside the row it was opened from (a click or Enter leaves the focus on it).
          const row = document.activeElement?.closest('[role="row"]');
          const rect = row?.getBoundingClientRect();
          const event = events.find((candidate) => candidate.id === id);
          openCard({
            id,
            // With the series as the row knows it (when its marks are not here yet, the card asks).
            preview: event
              ? {
                  ...cardFromEvent(event, null, locale),
                  ...(seriesMarks.has(id) ? { series: seriesMarks.get(id) } : {}),
                }
              : undefined,
            anchor: rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null,
            placement: 'below',
          });
        }}
      />
    ),
    [
      events,
      rowsScope,
      seriesMarks,
      editable,
      ticked,
      setOnPage,
      filters.sort,
      filters.order,
      session,
      setFilters,
      queryClient,
      openCard,
      locale,
    ],
  );
  // The parts of the screen that neither a key typed in the filters nor the rows it brings change
  // are kept as drawn: each of their react-aria controls (buttons, the page size's select) cost
  // 1–3 ms to draw again, ~20 ms between a search's answer and its rows on screen (issue 39).
  // The export and the bulk bar speak for the rows on screen: their query follows the rows (their
  // answer), not each key typed — which drew their buttons again, ~1–2 ms of each keystroke while
  // its request was on its way (issue 39).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const exportKey = useMemo(() => JSON.stringify(exportQuery), [events]);
  const canImport = canEditOthers(session);
  const siteTitle = session.site.title;
  const actions = useMemo(
    () => (
      <div className="screen-actions">
        <FileActions
          canImport={canImport}
          // The list's filter, its default window included, without paging: what the list shows.
          query={{ ...(JSON.parse(exportKey) as typeof exportQuery), list_window: true }}
          fileName={`${siteTitle} – ${t('events.title')}`}
        />
        {editable && (
          <Button variant="primary" icon="plus" onPress={() => openEditor({ kind: 'event', id: null })}>
            {t('calendar.newEvent')}
          </Button>
        )}
      </div>
    ),
    [exportKey, canImport, siteTitle, editable, openEditor, t],
  );
  const listOptions = useMemo(
    () => (
      <>
        <Checkbox
          label={t('events.onePerSeries')}
          value={filters.onePerSeries}
          onChange={(onePerSeries) => setFilters({ onePerSeries })}
        />
        <SelectField
          label={t('events.pageSize')}
          value={String(filters.perPage)}
          onChange={(value) => setFilters({ perPage: Number(value) })}
          options={PAGE_SIZES.map((size) => ({ id: String(size), label: String(size) }))}
        />
      </>
    ),
    [filters.onePerSeries, filters.perPage, setFilters, t],
  );
  const pagination = useMemo(
    () => <Pagination page={filters.page} pages={pages} onPage={(page) => setFilters({ page })} />,
    [filters.page, pages, setFilters],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const matchingKey = useMemo(() => JSON.stringify(matchingQuery), [events]);
  const bulkBar = useMemo(
    () =>
      editable && (
        <BulkBar
          pageIds={events.map((event) => event.id)}
          total={total}
          query={JSON.parse(matchingKey) as typeof matchingQuery}
        />
      ),
    [editable, events, total, matchingKey],
  );
  return (
    <section className="screen events-screen" aria-labelledby="events-title">
      <header className="screen-header">
        <h1 id="events-title" className="screen-title">
          {t('events.title')}
        </h1>
        {actions}
      </header>
      <div className="list-layout">
        <EventFilters canSeeStatuses={editable} />
        <div className="list-results" aria-busy={list.isFetching}>
          <div className="list-controls">
            {/* Focusable from a script only: where the keyboard lands when there are no rows (EventFilters'
                "Skip to the results", use-focus-kept.ts). */}
            <p className="list-total" role="status" aria-live="polite" tabIndex={-1} ref={totalText}>
              {list.isPending || waitingForCenter ? t('common.loading') : t('events.total', { count: total })}
            </p>
            {listOptions}
          </div>
          {/* On paper only: a list of several pages prints the page on screen, and says so (it
              printed one page of many without a word, issue 36's walk). */}
          {pages > 1 && events.length > 0 && (
            <p className="print-scope">
              {t('events.printScope', {
                first: (filters.page - 1) * filters.perPage + 1,
                last: (filters.page - 1) * filters.perPage + events.length,
                total,
                page: filters.page,
                pages,
              })}
            </p>
          )}
          {bulkBar}
          {list.isError && <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />}
          {list.isPending && !list.isError && <Loading />}
          {!list.isPending && !list.isError && events.length === 0 && (
            <EmptyState
              icon="list"
              action={
                // The API's default window starts now: say so, and offer the earlier events.
                upcomingOnly && <Button onPress={() => setFilters({ past: true })}>{t('events.includePast')}</Button>
              }
            >
              {emptyText()}
            </EmptyState>
          )}
          {/* The table scrolls in its own area (lists.css): the filters and these controls stay put. */}
          {events.length > 0 && (
            <div className={`list-table-area${stale ? ' is-stale' : ''}`} {...keepFocus}>
              {table}
            </div>
          )}
          {pagination}
        </div>
      </div>
    </section>
  );
}
