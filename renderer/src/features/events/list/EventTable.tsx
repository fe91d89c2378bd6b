// The events of one page as a table: title, when (in the site's zone), venue, categories, cost (in
// the site's currency), status; a repeating event's occurrence has the series mark. A row opens the card (Enter or a click). With `selection`, each row
// has a checkbox and the header one for the page: Space toggles the focused row, Shift-click and
// Shift+arrows extend from the last one. A plain click or Enter on a row opens its card even while
// rows are selected (as Gmail and Google Calendar do; react-aria's "toggle" rows would toggle then).
// Title, When and Venue sort (aria-sort on their headers).
import {
  Cell,
  Checkbox,
  Column,
  Row,
  Table,
  TableBody,
  TableHeader,
  type Selection,
  type SortDescriptor,
} from 'react-aria-components';
import { Fragment, memo, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import type { Event, Venue } from '../../../api/types.ts';
import { useLocale, useT } from '../../../i18n/index.tsx';
import { whenPieces } from '../../../i18n/dates.ts';
import { Icon } from '../../../components/Icon.tsx';
import type { EventSort } from '../../../state/filters.ts';
import { categoryColor } from '../../calendar/category-colors.ts';
import { SeriesMark } from '../../series/SeriesMark.tsx';
import { HiddenMark } from '../HiddenMark.tsx';
import { useCostText, useSiteCurrency } from '../use-cost-text.ts';
import { useIsOccurrence, type SeriesMarks } from './series-marks.ts';

/**
 * When, in pieces that keep their own line in a narrow column (the date, then the times): a
 * table beside the filters at 1280 px had no room for When on one line and pushed Status out.
 * Memo: react-aria draws a page's cells twice when its rows change (with the old collection, then
 * the new one); the same event in the same locale and zone is the same words, and Intl's
 * formatRangeToParts is the dearest part of a row.
 */
const When = memo(function When({ event, locale, zone }: { event: Event; locale: string; zone: string }) {
  const utc = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
  const pieces = whenPieces(
    {
      allDay: event.all_day === true,
      start: utc(event.utc_start_date),
      end: utc(event.utc_end_date),
      startDay: event.start_date.slice(0, 10),
      endDay: event.end_date.slice(0, 10),
    },
    locale,
    zone,
    'medium',
  );
  return pieces.map((piece, index) => (
    <Fragment key={index}>
      <span className="when-piece">{piece.text}</span>
      {piece.gap}
    </Fragment>
  ));
});

/** The series mark of a row, drawn again only when its own event's mark comes or goes. */
function RowSeriesMark({ marks, id }: { marks: SeriesMarks | undefined; id: number }) {
  return useIsOccurrence(marks, id) ? <SeriesMark /> : null;
}

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

/** A selection checkbox (react-aria names it: "Select" / "Select All", in the UI's language). */
function SelectionBox() {
  return (
    <Checkbox slot="selection" className="checkbox">
      <span className="checkbox-box" aria-hidden="true">
        <Icon name="check" size={14} />
      </span>
    </Checkbox>
  );
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

/** The event of the row a plain press landed on, outside its checkbox; undefined elsewhere. */
function rowOpenedBy(event: MouseEvent | PointerEvent | KeyboardEvent): number | undefined {
  if (event.shiftKey || event.metaKey || event.ctrlKey || event.altKey) return undefined;
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target.closest('.cell-select')) return undefined;
  const key = target.closest('[role="row"][data-key]')?.getAttribute('data-key');
  return key ? Number(key) : undefined;
}

export function EventTable({
  events,
  matches,
  zone,
  onOpen,
  selection,
  sort,
  seriesMarks,
}: {
  events: Event[];
  /**
   * Which matches the rows are of (a filter's, a search's): new matches draw a table anew. Updated in
   * place, react-aria's table drew every old row once more (with the old collection, ~a third of the
   * page's cost) before building the new one; made anew, the old rows are only taken away. Kept for
   * another page, sort or refetch of the same matches: the focus stays on a sorted header or a row.
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
}) {
  const t = useT();
  const locale = useLocale();
  const costOf = useCostText();
  const currency = useSiteCurrency();
  const descriptor: SortDescriptor | undefined = sort && {
    column: sort.column,
    direction: sort.order === 'desc' ? 'descending' : 'ascending',
  };
  // While rows are selected, react-aria's rows toggle on a press: a plain one is taken before it
  // (capture phase) and opens the card. Shift-, Ctrl- and Cmd-clicks and the checkbox still select.
  const selecting = (selection?.ids.size ?? 0) > 0;
  // A column with nothing in it on this page (no event has a venue, or a cost) shrinks to its
  // header (lists.css): its share of the width goes to Title and When. It stays, sortable, so the
  // columns do not come and go from one page to the next.
  const emptyColumn = (empty: boolean) => `column${empty ? ' is-empty' : ''}`;
  const noVenue = events.every((event) => !venueOf(event));
  const noCost = events.every((event) => !costOf(event.cost_details, event.cost));
  const takeOver = (event: MouseEvent | PointerEvent | KeyboardEvent) => {
    const id = selecting ? rowOpenedBy(event) : undefined;
    if (id !== undefined) event.stopPropagation();
    return id;
  };
  return (
    // Only watches the presses that bubble through it (the table is the interactive element).
    <div
      // Scrolls sideways when the columns are wider than the space (a narrow window, a long date):
      // the table used to run past the window's edge, its Status column cut off.
      className="events-table-scroll"
      onPointerDownCapture={(event) => {
        if (event.button === 0 && event.pointerType === 'mouse') takeOver(event);
      }}
      onClickCapture={(event) => {
        if (event.button !== 0) return;
        const id = takeOver(event);
        if (id === undefined) return;
        // The row takes the focus, as react-aria's press would give it: the card opens beside it
        // and gives the focus back to it when it closes.
        if (event.target instanceof Element)
          event.target.closest<HTMLElement>('[role="row"]')?.focus({ preventScroll: true });
        onOpen(id);
      }}
      onKeyDownCapture={(event) => {
        if (event.key !== 'Enter') return;
        const id = takeOver(event);
        if (id === undefined) return;
        event.preventDefault();
        onOpen(id);
      }}
    >
      <Table
        key={matches}
        className="table events-table"
        aria-label={t('events.list')}
        onRowAction={(key) => onOpen(Number(key))}
        selectionMode={selection ? 'multiple' : 'none'}
        selectionBehavior="toggle"
        selectedKeys={selection ? (selection.ids as Set<number>) : undefined}
        // The Selection as react-aria hands it over (its anchor is what Shift-click extends from; the
        // row ids are the events' numbers already).
        onSelectionChange={(keys: Selection) =>
          selection?.onChange(keys === 'all' ? new Set(events.map((event) => event.id)) : (keys as Set<number>))
        }
        sortDescriptor={descriptor}
        onSortChange={(next) =>
          sort?.onChange(next.column as EventSort, next.direction === 'descending' ? 'desc' : 'asc')
        }
      >
        <TableHeader>
          {selection && (
            <Column className="column column-select">
              <SelectionBox />
            </Column>
          )}
          <Column id="title" isRowHeader allowsSorting={Boolean(sort)} className="column">
            {({ sortDirection }) =>
              sort ? (
                <SortLabel direction={sortDirection}>{t('events.columnTitle')}</SortLabel>
              ) : (
                t('events.columnTitle')
              )
            }
          </Column>
          <Column id="start_date" allowsSorting={Boolean(sort)} className="column">
            {({ sortDirection }) =>
              sort ? <SortLabel direction={sortDirection}>{t('events.columnWhen')}</SortLabel> : t('events.columnWhen')
            }
          </Column>
          <Column id="venue" allowsSorting={Boolean(sort)} className={emptyColumn(noVenue)}>
            {({ sortDirection }) =>
              sort ? (
                <SortLabel direction={sortDirection}>{t('events.columnVenue')}</SortLabel>
              ) : (
                t('events.columnVenue')
              )
            }
          </Column>
          <Column className="column">{t('events.columnCategories')}</Column>
          <Column className={emptyColumn(noCost)}>{t('events.columnCost')}</Column>
          <Column className="column">{t('events.columnStatus')}</Column>
        </TableHeader>
        {/* react-aria keeps each row as drawn while its item is the same object: everything else a
            row shows depends on is listed (a currency or zone changed in Settings while the rows
            stayed had them keep the old "15 €"). */}
        <TableBody dependencies={[locale, Boolean(selection), seriesMarks, currency, zone]} items={events}>
          {(event) => (
            <Row className="row" id={event.id} textValue={event.title}>
              {selection && (
                <Cell className="cell cell-select">
                  <SelectionBox />
                </Cell>
              )}
              <Cell className="cell cell-title">
                {/* A long title takes three lines at most: it never squeezes When to a word a line. */}
                <span className="cell-clamp">
                  {event.featured && (
                    <span className="featured-mark" aria-label={t('editor.featured')} role="img">
                      ★
                    </span>
                  )}
                  {/* As in the calendar views: hidden from listings, marked (issue 36). */}
                  {event.hide_from_listings === true && <HiddenMark />}
                  {/* As in the calendar views: an icon named "Repeating event" before the title. */}
                  <RowSeriesMark marks={seriesMarks} id={event.id} />
                  {event.title}
                </span>
              </Cell>
              <Cell className="cell cell-when">
                <When event={event} locale={locale} zone={zone} />
              </Cell>
              <Cell className="cell">{venueOf(event)}</Cell>
              <Cell className="cell">
                {event.categories.map((category) => (
                  <span key={category.id} className="category-pill" style={{ borderColor: categoryColor(category.id) }}>
                    {category.name}
                  </span>
                ))}
              </Cell>
              <Cell className="cell cell-cost">{costOf(event.cost_details, event.cost)}</Cell>
              <Cell className="cell cell-when">
                {t(`status.${event.status as 'publish'}`)}
                {event.hide_from_listings === true && <span className="cell-note">{t('events.hiddenMark')}</span>}
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
