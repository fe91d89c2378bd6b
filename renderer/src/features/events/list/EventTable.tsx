// The events of one page as a table: title, when (in the site's zone), venue, categories, cost (in
// the site's currency), status. A row opens the card (Enter or a click). With `selection`, each row
// has a checkbox and the header one for the page: Space toggles the focused row, Shift-click and
// Shift+arrows extend from the last one; while something is selected a click on a row toggles it.
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
import type { ReactNode } from 'react';
import type { Event, Venue } from '../../../api/types.ts';
import { useLocale, useT } from '../../../i18n/index.tsx';
import { formatWhen } from '../../../i18n/dates.ts';
import { Icon } from '../../../components/Icon.tsx';
import type { EventSort } from '../../../state/filters.ts';
import { categoryColor } from '../../calendar/category-colors.ts';
import { useCostText } from '../use-cost-text.ts';

function when(event: Event, locale: string, zone: string): string {
  const utc = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
  return formatWhen(
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
}

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

export function EventTable({
  events,
  zone,
  onOpen,
  selection,
  sort,
}: {
  events: Event[];
  zone: string;
  onOpen(id: number): void;
  selection?: TableSelection;
  sort?: TableSort;
}) {
  const t = useT();
  const locale = useLocale();
  const costOf = useCostText();
  const descriptor: SortDescriptor | undefined = sort && {
    column: sort.column,
    direction: sort.order === 'desc' ? 'descending' : 'ascending',
  };
  return (
    <Table
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
            sort ? <SortLabel direction={sortDirection}>{t('events.columnTitle')}</SortLabel> : t('events.columnTitle')
          }
        </Column>
        <Column id="start_date" allowsSorting={Boolean(sort)} className="column">
          {({ sortDirection }) =>
            sort ? <SortLabel direction={sortDirection}>{t('events.columnWhen')}</SortLabel> : t('events.columnWhen')
          }
        </Column>
        <Column id="venue" allowsSorting={Boolean(sort)} className="column">
          {({ sortDirection }) =>
            sort ? <SortLabel direction={sortDirection}>{t('events.columnVenue')}</SortLabel> : t('events.columnVenue')
          }
        </Column>
        <Column className="column">{t('events.columnCategories')}</Column>
        <Column className="column">{t('events.columnCost')}</Column>
        <Column className="column">{t('events.columnStatus')}</Column>
      </TableHeader>
      <TableBody dependencies={[locale, Boolean(selection)]} items={events}>
        {(event) => {
          const venue = (Array.isArray(event.venue) ? event.venue[0] : event.venue) as Venue | undefined;
          return (
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
                  {event.title}
                </span>
              </Cell>
              <Cell className="cell cell-when">{when(event, locale, zone)}</Cell>
              <Cell className="cell">{venue ? String(venue.venue ?? '') : ''}</Cell>
              <Cell className="cell">
                {event.categories.map((category) => (
                  <span key={category.id} className="category-pill" style={{ borderColor: categoryColor(category.id) }}>
                    {category.name}
                  </span>
                ))}
              </Cell>
              <Cell className="cell cell-cost">{costOf(event.cost_details, event.cost)}</Cell>
              <Cell className="cell cell-when">{t(`status.${event.status as 'publish'}`)}</Cell>
            </Row>
          );
        }}
      </TableBody>
    </Table>
  );
}
