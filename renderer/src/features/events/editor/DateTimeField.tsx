// Start and End: a text field that takes a typed `YYYY-MM-DD HH:MM` (or `YYYY-MM-DD` for all-day
// events), with a calendar picker beside it that sets the date and keeps the time. The service
// also reads other forms (`tomorrow 9am`, ISO with an offset); what it cannot read comes back as
// a 400 shown under the field.
import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Dialog,
  DialogTrigger,
  Heading,
  Popover,
} from 'react-aria-components';
import { TextField } from '../../../components/Fields.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useT } from '../../../i18n/index.tsx';

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
  description,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  allDay: boolean;
  error?: string;
  /** A filter (From, To) may stay empty; an event's Start and End may not. */
  optional?: boolean;
  /** Help under the field (default: the format it takes). */
  description?: string;
}) {
  const t = useT();
  const picked = dateOf(value);
  return (
    <TextField
      label={label}
      description={description ?? (allDay ? t('editor.dateOnlyFormat') : t('editor.dateFormat'))}
      value={value}
      onChange={onChange}
      error={error}
      isRequired={!optional}
    >
      <DialogTrigger>
        <AriaButton className="button button-secondary icon-button" aria-label={t('editor.pickDate', { field: label })}>
          <Icon name="calendar" />
        </AriaButton>
        <Popover className="popover calendar-popover" placement="bottom end">
          <Dialog className="picker-dialog" aria-label={t('editor.pickDate', { field: label })}>
            {({ close }) => (
              <Calendar
                className="date-picker"
                value={picked ?? null}
                onChange={(date) => {
                  const time = allDay ? '' : value.slice(10).trim() || '09:00';
                  onChange(allDay ? date.toString() : `${date.toString()} ${time}`);
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
          </Dialog>
        </Popover>
      </DialogTrigger>
    </TextField>
  );
}
