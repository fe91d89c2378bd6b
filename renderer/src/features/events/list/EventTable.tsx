// The events of one page as a table: title, when (in the site's zone), venue, categories, cost (in
// the site's currency), status.
// A row opens the editor (Enter or a click).
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { Event, Venue } from '../../../api/types.ts';
import { useLocale, useT } from '../../../i18n/index.tsx';
import { formatWhen } from '../../../i18n/dates.ts';
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

export function EventTable({ events, zone, onOpen }: { events: Event[]; zone: string; onOpen(id: number): void }) {
  const t = useT();
  const locale = useLocale();
  const costOf = useCostText();
  return (
    <Table className="table events-table" aria-label={t('events.list')} onRowAction={(key) => onOpen(Number(key))}>
      <TableHeader>
        <Column isRowHeader className="column">
          {t('events.columnTitle')}
        </Column>
        <Column className="column">{t('events.columnWhen')}</Column>
        <Column className="column">{t('events.columnVenue')}</Column>
        <Column className="column">{t('events.columnCategories')}</Column>
        <Column className="column">{t('events.columnCost')}</Column>
        <Column className="column">{t('events.columnStatus')}</Column>
      </TableHeader>
      <TableBody dependencies={[locale]} items={events}>
        {(event) => {
          const venue = (Array.isArray(event.venue) ? event.venue[0] : event.venue) as Venue | undefined;
          return (
            <Row className="row" id={event.id}>
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
