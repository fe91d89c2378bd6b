// Start, End and the list's From / To: a text field that takes a date as people type it, in the
// UI's locale (date-input.ts), and says back what it understood before anything is saved
// ("sáb, 5 dic 2026, 19:30"); an entry the locale's order cannot read is asked about ("Did you
// mean 25 December 2026?"), never guessed. Beside it a calendar to pick the day and, for timed
// values, a list of times in 15-minute steps (End's with the length from Start).
import { useEffect, useId, useState, type ReactNode } from 'react';
import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Dialog,
  DialogTrigger,
  Heading,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import { Button } from '../../../components/Button.tsx';
import { describedByOf } from '../../../components/Fields.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useSession } from '../../../api/session.ts';
import { useLocale, useT } from '../../../i18n/index.tsx';
import { todayIn } from '../../calendar/zones.ts';
import {
  describeDate,
  formatDateInput,
  minutesBetween,
  QUARTER_HOURS,
  readDateInput,
  timeText,
  type DateReading,
} from './date-input.ts';

/** What keeps a date field from being saved: nothing readable, or a question not yet answered. */
export type DateProblem = 'invalid' | 'ambiguous';

function dateOf(value: string): CalendarDate | undefined {
  try {
    return parseDate(value.slice(0, 10));
  } catch {
    return undefined;
  }
}

export function DateTimeField({
  label,
  value,
  onChange,
  allDay,
  error,
  optional = false,
  note,
  onProblem,
  lengthFrom,
  help = true,
  disabled = false,
  labelHidden = false,
}: {
  label: string;
  /** 'YYYY-MM-DD HH:MM', or 'YYYY-MM-DD' when `allDay`; '' when empty. */
  value: string;
  onChange(value: string): void;
  allDay: boolean;
  error?: string;
  /** A filter (From, To) may stay empty; an event's Start and End may not. */
  optional?: boolean;
  /** Said after the help (an example in the locale's own form): what an empty filter means. */
  note?: string;
  /** Told when the typed text stops (or starts) being a value that can be saved. */
  onProblem?(problem: DateProblem | null): void;
  /** End's time list shows each time's length from this value (Start). */
  lengthFrom?: string;
  /** The help (the example) once for a pair of fields: End leaves it to Start. */
  help?: boolean;
  /** Off until its choice is made (the Custom repeat dialog's "Ends on" date). */
  disabled?: boolean;
  /** The label for screen readers only, where the row around the field already says it. */
  labelHidden?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const zone = useSession().data?.site.timezone ?? 'UTC';
  const format = (next: string) => formatDateInput(next, locale, allDay);
  // The text and the value it stands for: a value set from outside (the calendar, End following
  // Start, All day, another language) rewrites the text; what is typed stays as typed.
  const [text, setText] = useState(() => format(value));
  const [shown, setShown] = useState({ value, locale, allDay });
  const [left, setLeft] = useState(false);
  if (shown.value !== value || shown.locale !== locale || shown.allDay !== allDay) {
    setShown({ value, locale, allDay });
    setText(format(value));
  }
  const reading: DateReading =
    text === format(value)
      ? value === ''
        ? { kind: 'empty' }
        : { kind: 'date', value }
      : readDateInput(text, { locale, allDay, current: value, today: todayIn(zone) });
  const problem: DateProblem | null =
    reading.kind === 'invalid' || (reading.kind === 'empty' && !optional)
      ? 'invalid'
      : reading.kind === 'ambiguous'
        ? 'ambiguous'
        : null;
  useEffect(() => onProblem?.(problem), [problem]); // eslint-disable-line react-hooks/exhaustive-deps

  const take = (next: string) => {
    setShown({ value: next, locale, allDay });
    setText(format(next));
    onChange(next);
  };
  const type = (next: string) => {
    setText(next);
    setLeft(false);
    const read = readDateInput(next, { locale, allDay, current: value, today: todayIn(zone) });
    if (read.kind === 'date' && read.value !== value) {
      setShown({ value: read.value, locale, allDay });
      onChange(read.value);
    } else if (read.kind === 'empty' && optional && value !== '') {
      setShown({ value: '', locale, allDay });
      onChange('');
    }
  };
  // One example, the same for every field: how the locale writes 5 December 2026, 19:30.
  const example = format(allDay ? '2026-12-05' : '2026-12-05 19:30');
  const localError = left && problem === 'invalid' ? t('editor.dateInvalid', { example }) : undefined;
  const shownError = error ?? localError;
  const picked = dateOf(value);
  const time = value.slice(11, 16);
  const lengthOf = (option: string) => {
    if (!lengthFrom || value === '') return undefined;
    const minutes = minutesBetween(lengthFrom, `${value.slice(0, 10)} ${option}`);
    if (minutes === undefined || minutes <= 0 || minutes > 24 * 60) return undefined;
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return hours === 0
      ? t('editor.lengthMinutes', { minutes: rest })
      : rest === 0
        ? t('editor.lengthHours', { hours })
        : t('editor.lengthHoursMinutes', { hours, minutes: rest });
  };

  return (
    <div className="field date-field" data-invalid={shownError ? true : undefined}>
      <label className={labelHidden ? 'visually-hidden' : 'field-label'} htmlFor={id}>
        {label}
      </label>
      <div className="field-control">
        <input
          id={id}
          className="input"
          value={text}
          onChange={(event) => type(event.target.value)}
          onBlur={() => {
            setLeft(true);
            if (reading.kind === 'date') setText(format(reading.value));
          }}
          autoComplete="off"
          disabled={disabled}
          aria-required={!optional || undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[describedByOf(id, help ? 'help' : undefined, shownError), `${id}-reading`].join(' ')}
        />
        {!allDay && (
          <PickerTrigger
            label={t('editor.pickTime', { field: label })}
            icon="clock"
            popover="time-popover"
            disabled={disabled}
          >
            {(close) => (
              <ListBox
                className="listbox time-list"
                aria-label={t('editor.pickTime', { field: label })}
                selectionMode="single"
                selectedKeys={QUARTER_HOURS.includes(time) ? [time] : []}
                autoFocus={QUARTER_HOURS.includes(time) ? true : 'first'}
                disallowEmptySelection
                onSelectionChange={(keys) => {
                  const [key] = keys === 'all' ? [] : [...keys];
                  if (key === undefined) return;
                  take(`${value.slice(0, 10) || todayIn(zone)} ${String(key)}`);
                  close();
                }}
              >
                {QUARTER_HOURS.map((option) => {
                  const length = lengthOf(option);
                  const words = timeText(option, locale);
                  return (
                    <ListBoxItem
                      key={option}
                      id={option}
                      className="listbox-item"
                      textValue={length ? `${words} (${length})` : words}
                    >
                      {words}
                      {length && <span className="listbox-detail">{` (${length})`}</span>}
                    </ListBoxItem>
                  );
                })}
              </ListBox>
            )}
          </PickerTrigger>
        )}
        <PickerTrigger
          label={t('editor.pickDate', { field: label })}
          icon="calendar"
          popover="calendar-popover"
          disabled={disabled}
        >
          {(close) => (
            <Calendar
              className="date-picker"
              value={picked ?? null}
              onChange={(date) => {
                take(allDay ? date.toString() : `${date.toString()} ${time || '09:00'}`);
                close();
              }}
            >
              <header className="date-picker-header">
                <AriaButton
                  slot="previous"
                  className="button button-quiet icon-button"
                  aria-label={t('calendar.previous')}
                >
                  <Icon name="left" />
                </AriaButton>
                <Heading className="date-picker-title" />
                <AriaButton slot="next" className="button button-quiet icon-button" aria-label={t('calendar.next')}>
                  <Icon name="right" />
                </AriaButton>
              </header>
              <CalendarGrid className="date-picker-grid">
                {(date) => <CalendarCell className="date-picker-cell" date={date} />}
              </CalendarGrid>
            </Calendar>
          )}
        </PickerTrigger>
      </div>
      {help && (
        <span className="field-help" id={`${id}-help`}>
          {t('editor.dateHelp', { example })}
          {note && ` ${note}`}
        </span>
      )}
      {/* What the text says, as it is typed: read out when it changes. */}
      <span className="field-reading" id={`${id}-reading`} aria-live="polite">
        {reading.kind === 'date' && t('editor.dateReadsAs', { when: describeDate(reading.value, locale, allDay) })}
      </span>
      {reading.kind === 'ambiguous' && (
        <div className="field-question" role="group" aria-label={label}>
          {reading.options.map((option) => (
            <span key={option}>
              {t('editor.dateQuestion', { when: describeDate(option, locale, allDay) })}{' '}
              <Button variant="quiet" onPress={() => take(option)}>
                {t('editor.dateYes')}
              </Button>
            </span>
          ))}
        </div>
      )}
      {shownError && (
        <span className="field-error" id={`${id}-error`}>
          {shownError}
        </span>
      )}
    </div>
  );
}

/** An icon button that opens a picker in a popover (the time list, the month calendar), named once. */
function PickerTrigger({
  label,
  icon,
  popover,
  disabled,
  children,
}: {
  label: string;
  icon: 'clock' | 'calendar';
  popover: string;
  disabled: boolean;
  children: (close: () => void) => ReactNode;
}) {
  return (
    <DialogTrigger>
      <AriaButton className="button button-secondary icon-button" aria-label={label} isDisabled={disabled}>
        <Icon name={icon} />
      </AriaButton>
      <Popover className={`popover ${popover}`} placement="bottom end">
        <Dialog className="picker-dialog" aria-label={label}>
          {({ close }) => children(close)}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
