// One row of the Events list grid (EventTable.tsx): plain table elements with the grid's roles. A
// memo: a row is drawn again only when what it shows changes — its event, ticked or not, whether it
// holds the grid's one Tab stop — so an arrow key or a tick draws one or two rows, not the page.
import { Fragment, memo } from 'react';
import type { Event } from '../../../api/types.ts';
import { useT } from '../../../i18n/index.tsx';
import { whenPieces } from '../../../i18n/dates.ts';
import { categoryColor } from '../../calendar/category-colors.ts';
import { SeriesMark } from '../../series/SeriesMark.tsx';
import { HiddenMark } from '../HiddenMark.tsx';
import { useIsOccurrence, type SeriesMarks } from './series-marks.ts';
import { SelectionBox } from './SelectionBox.tsx';

/**
 * When, in pieces: a timed event's date, then its times (each on a line: lists.css; the
 * date's joiner — its "," — out of sight, not out of a screen reader or a copy); a range's start, then its end.
 */
function When({ event, locale, zone }: { event: Event; locale: string; zone: string }) {
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
      <span className="when-piece">
        {piece.text}
        {piece.joiner !== '' && <span className="when-joiner visually-hidden">{piece.joiner}</span>}
      </span>
      {piece.gap}
    </Fragment>
  ));
}

/** The series mark of a row, drawn again only when its own event's mark comes or goes. */
function RowSeriesMark({ marks, id }: { marks: SeriesMarks | undefined; id: number }) {
  return useIsOccurrence(marks, id) ? <SeriesMark /> : null;
}

export interface EventRowProps {
  event: Event;
  /** 0-based place on the page (aria-rowindex counts the header row as 1). */
  index: number;
  /** The ids of this grid's elements start with it (a checkbox is named by its row's title). */
  idPrefix: string;
  locale: string;
  zone: string;
  venue: string;
  cost: string;
  seriesMarks: SeriesMarks | undefined;
  /** With a checkbox, and aria-selected. */
  selectable: boolean;
  selected: boolean;
  /** Which of the row's elements is the grid's Tab stop: -1 the row, ≥ 0 a cell; null none. */
  stop: number | null;
  onTick(id: number): void;
  /** A Shift-click on the box: the range from the anchor to this row. */
  onShiftTick(id: number): void;
}

export const EventRow = memo(function EventRow({
  event,
  index,
  idPrefix,
  locale,
  zone,
  venue,
  cost,
  seriesMarks,
  selectable,
  selected,
  stop,
  onTick,
  onShiftTick,
}: EventRowProps) {
  const t = useT();
  const titleId = `${idPrefix}-title-${event.id}`;
  const boxId = `${idPrefix}-box-${event.id}`;
  // The cells in order (the checkbox's first): each is a stop of ArrowLeft/Right.
  let cell = 0;
  const stopAt = () => (stop === cell++ ? 0 : -1);
  return (
    <tr
      role="row"
      className="row"
      data-key={event.id}
      aria-rowindex={index + 2}
      aria-labelledby={titleId}
      aria-selected={selectable ? selected : undefined}
      data-selected={selected || undefined}
      tabIndex={stop === -1 ? 0 : -1}
    >
      {selectable && (
        <td role="gridcell" className="cell cell-select" tabIndex={stopAt()}>
          <SelectionBox
            id={boxId}
            label={t('events.selectBox')}
            labelledBy={`${boxId} ${titleId}`}
            ticked={selected}
            onChange={() => onTick(event.id)}
            onShiftClick={() => onShiftTick(event.id)}
          />
        </td>
      )}
      <td role="rowheader" id={titleId} className="cell cell-title" tabIndex={stopAt()}>
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
      </td>
      {/* A timed event's date and times on two lines; an all-day range ("Nov 21 – 23, 2026") breaks only where narrow. */}
      <td
        role="gridcell"
        className={`cell cell-when${event.all_day === true ? ' cell-when-inline' : ''}`}
        tabIndex={stopAt()}
      >
        <When event={event} locale={locale} zone={zone} />
      </td>
      <td role="gridcell" className="cell" tabIndex={stopAt()}>
        {venue}
      </td>
      <td role="gridcell" className="cell" tabIndex={stopAt()}>
        {event.categories.map((category) => (
          <span key={category.id} className="category-pill" style={{ borderColor: categoryColor(category.id) }}>
            {category.name}
          </span>
        ))}
      </td>
      <td role="gridcell" className="cell cell-cost" tabIndex={stopAt()}>
        {cost}
      </td>
      <td role="gridcell" className="cell cell-when" tabIndex={stopAt()}>
        {t(`status.${event.status as 'publish'}`)}
        {event.hide_from_listings === true && <span className="cell-note">{t('events.hiddenMark')}</span>}
      </td>
    </tr>
  );
});
