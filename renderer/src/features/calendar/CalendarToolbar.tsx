// The calendar's toolbar: Today, Previous, Next, the period's title, the views (Month, Week, Day,
// List) and New event. FullCalendar's own toolbar is off: these are ordinary, labelled buttons.
import { useRef, type ReactNode } from 'react';
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../i18n/index.tsx';
import { VIEWS, type CalendarView } from '../../state/calendar-range.ts';

export function CalendarToolbar({
  title,
  view,
  canCreate,
  onToday,
  onStep,
  onView,
  onNewEvent,
  files,
  zone,
}: {
  title: string;
  view: CalendarView;
  canCreate: boolean;
  onToday(): void;
  onStep(direction: 1 | -1): void;
  onView(view: CalendarView): void;
  onNewEvent(): void;
  /** Import and Export (the screen decides who sees what). */
  files?: ReactNode;
  /** Which zone the times are in (ZoneNote), beside the period's title. */
  zone?: ReactNode;
}) {
  const t = useT();
  // Whether the view was last chosen with the pointer: then ←/→ go on moving between periods, as
  // anywhere on the calendar, instead of choosing the next view (issue 36). Reached with Tab, the
  // arrows choose a view, as in any radio group.
  const chosenByPointer = useRef(false);
  const labels: Record<CalendarView, string> = {
    month: t('calendar.month'),
    week: t('calendar.week'),
    day: t('calendar.day'),
    list: t('calendar.list'),
  };
  return (
    // Plain buttons, each a Tab stop (an ARIA toolbar would make the row one stop with arrow keys,
    // which hides New event from anyone tabbing through the page).
    <div className="toolbar">
      <div className="toolbar-group">
        <Button onPress={onToday}>{t('calendar.today')}</Button>
        <Button variant="quiet" className="icon-button" aria-label={t('calendar.previous')} onPress={() => onStep(-1)}>
          <Icon name="left" />
        </Button>
        <Button variant="quiet" className="icon-button" aria-label={t('calendar.next')} onPress={() => onStep(1)}>
          <Icon name="right" />
        </Button>
        <h1 className="toolbar-title" aria-live="polite">
          {title}
        </h1>
        {zone}
      </div>
      <div className="toolbar-group">
        <div
          className="view-switch"
          onPointerDownCapture={() => (chosenByPointer.current = true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) chosenByPointer.current = false;
          }}
          onKeyDownCapture={(event) => {
            if (event.key === 'Tab') chosenByPointer.current = false;
            if (!chosenByPointer.current || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
            if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
            event.preventDefault();
            event.stopPropagation();
            onStep(event.key === 'ArrowLeft' ? -1 : 1);
          }}
        >
          <ToggleButtonGroup
            className="segmented"
            aria-label={t('calendar.views')}
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[view]}
            onSelectionChange={(keys: Set<Key>) => {
              const next = [...keys][0];
              if (next) onView(next as CalendarView);
            }}
          >
            {VIEWS.map((option) => (
              <ToggleButton key={option} id={option} className="segmented-item">
                {labels[option]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </div>
        {files}
        {canCreate && (
          <Button variant="primary" icon="plus" onPress={onNewEvent}>
            {t('calendar.newEvent')}
          </Button>
        )}
      </div>
    </div>
  );
}
