// The events of one page as a grid: title, when (in the site's zone), venue, categories, cost (in
// the site's currency), status; a repeating event's occurrence has the series mark. A row opens the
// card (Enter or a click). With `selection`, each row has a checkbox and the header one for the
// page: Space ticks the focused row, Shift-click and Shift+arrows extend from the last one ticked,
// Ctrl/Cmd-click toggles, Ctrl/Cmd+A ticks the page, Escape clears. A plain click or Enter on a row
// opens its card even while rows are selected (as Gmail and Google Calendar do). Title, When and
// Venue sort (aria-sort on their headers; a click, or Enter/Space on a focused header).
//
// Plain table elements with the grid's roles and our own keys (use-event-grid.ts), not
// react-aria's Table: its rows, each cell with press, focus and selection hooks, cost 100–180 ms to
// draw a page of 25 — most of the time between a key typed in the search box and its rows on screen
// at 100k events (issue 39). The keys and names are react-aria's: one Tab stop, arrows between rows
// and (Right/Left) into a row's cells, the header row above the first row, "Select" / "Select All".
import { useId, type ReactNode } from 'react';
import type { Event, Venue } from '../../../api/types.ts';
import { useLocale, useT } from '../../../i18n/index.tsx';
import type { EventSort } from '../../../state/filters.ts';
import { useCostText } from '../use-cost-text.ts';
import type { SeriesMarks } from './series-marks.ts';
import { EventRow } from './EventRow.tsx';
import { pageTicked } from './grid-navigation.ts';
import { SelectionBox } from './SelectionBox.tsx';
import { useEventGrid, type GridColumn } from './use-event-grid.ts';

const venueOf = (event: Event): string => {
  const venue = (Array.isArray(event.venue) ? event.venue[0] : event.venue) as Venue | undefined;
  return venue ? String(venue.venue ?? '') : '';
};

/** The page's selection, and how it changes. */
export interface TableSelection {
  ids: ReadonlySet<number>;
  onChange(ids: Set<number>): void;
}

export interface TableSort {
  column: EventSort;
  order: 'asc' | 'desc';
  onChange(column: EventSort, order: 'asc' | 'desc'): void;
}

/** A sortable header's words and the arrow of its direction (the direction itself is aria-sort). */
function SortLabel({ children, direction }: { children: ReactNode; direction?: 'ascending' | 'descending' }) {
  return (
    <span className="sort-label">
      {children}
      <span className="sort-arrow" aria-hidden="true" data-direction={direction}>
        {direction === 'descending' ? '▼' : '▲'}
      </span>
    </span>
  );
}

interface TableProps {
  events: Event[];
  /**
   * Which matches the rows are of (a filter's, a search's): new matches get a grid anew (the Tab
   * stop back on the first row, no anchor left from other rows). Kept for another page, sort or
   * refetch of the same matches: the focus stays on a sorted header or a row.
   */
  matches?: string;
  zone: string;
  /**
   * Which series each event is an occurrence of: its row carries the series mark. A store, not a
   * map, so their arrival after the rows redraws only the marks (series-marks.ts).
   */
  seriesMarks?: SeriesMarks;
  onOpen(id: number): void;
  selection?: TableSelection;
  sort?: TableSort;
}

export function EventTable(props: TableProps) {
  return (
    // Scrolls sideways when the columns are wider than the space (a narrow window, a long date):
    // the table used to run past the window's edge, its Status column cut off.
    <div className="events-table-scroll">
      <EventGrid {...props} />
    </div>
  );
}

function EventGrid({ events, matches, zone, onOpen, selection, sort, seriesMarks }: TableProps) {
  const t = useT();
  const locale = useLocale();
  const costOf = useCostText();
  const idPrefix = useId();
  const costs = events.map((event) => costOf(event.cost_details, event.cost));
  const venues = events.map(venueOf);
  // A column with nothing in it on this page (no event has a venue, or a cost) shrinks to its
  // header (lists.css): its share of the width goes to Title and When. It stays, sortable, so the
  // columns do not come and go from one page to the next.
  const noVenue = venues.every((venue) => !venue);
  const noCost = costs.every((cost) => !cost);
  const sortable = (column: EventSort) => (sort ? column : undefined);
  const columns: (GridColumn & { label: string; className: string })[] = [
    ...(selection ? [{ select: true, label: '', className: 'column column-select' }] : []),
    { sort: sortable('title'), label: t('events.columnTitle'), className: 'column' },
    { sort: sortable('start_date'), label: t('events.columnWhen'), className: 'column' },
    { sort: sortable('venue'), label: t('events.columnVenue'), className: `column${noVenue ? ' is-empty' : ''}` },
    { label: t('events.columnCategories'), className: 'column' },
    { label: t('events.columnCost'), className: `column${noCost ? ' is-empty' : ''}` },
    { label: t('events.columnStatus'), className: 'column' },
  ];
  const ids = events.map((event) => event.id);
  const { table, stop, tick, extendToRow, tickPage, handlers } = useEventGrid({
    matches,
    ids,
    titles: events.map((event) => event.title),
    columns,
    selection,
    onSort: (column) => sort?.onChange(column, sort.column === column && sort.order === 'asc' ? 'desc' : 'asc'),
    onOpen,
  });
  const ticked = selection ? pageTicked(ids, selection.ids) : 'none';
  const headerStop = stop.row < 0 ? stop.col : null;
  return (
    <table
      ref={table}
      role="grid"
      className="table events-table"
      aria-label={t('events.list')}
      aria-rowcount={events.length + 1}
      aria-colcount={columns.length}
      aria-multiselectable={selection ? true : undefined}
      onKeyDown={handlers.onKeyDown}
      onFocus={handlers.onFocus}
      onBlur={handlers.onBlur}
      onMouseDown={handlers.onMouseDown}
      onClick={handlers.onClick}
    >
      <thead>
        <tr role="row" aria-rowindex={1}>
          {columns.map((column, index) => {
            const direction =
              column.sort && sort?.column === column.sort
                ? sort.order === 'desc'
                  ? 'descending'
                  : 'ascending'
                : undefined;
            return (
              <th
                key={index}
                role="columnheader"
                className={column.className}
                tabIndex={headerStop === index ? 0 : -1}
                aria-sort={column.sort ? (direction ?? 'none') : undefined}
                data-allows-sorting={column.sort ? true : undefined}
              >
                {column.select ? (
                  <SelectionBox
                    label={t('events.selectAllBox')}
                    ticked={ticked === 'all'}
                    indeterminate={ticked === 'some'}
                    disabled={events.length === 0}
                    onChange={tickPage}
                  />
                ) : column.sort ? (
                  <SortLabel direction={direction}>{column.label}</SortLabel>
                ) : (
                  column.label
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {events.map((event, index) => (
          <EventRow
            // By place, not by event: new matches (a key typed in the search box) fill the page's
            // rows in place — a row's cells and box are kept, only its words and ids change —
            // instead of 25 rows removed and 25 made (half the time from a search's answer to its
            // rows on screen, issue 39). The grid's Tab stop is a place too (use-event-grid.ts).
            key={index}
            event={event}
            index={index}
            idPrefix={idPrefix}
            locale={locale}
            zone={zone}
            venue={venues[index]!}
            cost={costs[index]!}
            seriesMarks={seriesMarks}
            selectable={Boolean(selection)}
            selected={selection?.ids.has(event.id) ?? false}
            stop={stop.row === index ? stop.col : null}
            onTick={tick}
            onShiftTick={extendToRow}
          />
        ))}
      </tbody>
    </table>
  );
}
