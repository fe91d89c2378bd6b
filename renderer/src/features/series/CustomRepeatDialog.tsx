// The Custom… repeat dialog: every N days, weeks, months or years; the weekdays of a weekly rule;
// a monthly rule on a day of the month or on the Nth (or last) weekday; and the end — never, on a
// date, or after N times. The rule is said back in words as it is built; a field that cannot make
// a rule says why at the field, and Done waits for it.
import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { FieldNotes, SelectField, TextField, describedByOf } from '../../components/Fields.tsx';
import { DateTimeField } from '../events/editor/DateTimeField.tsx';
import { useLanguage, useLocale, useT } from '../../i18n/index.tsx';
import { FREQUENCIES, WEEKDAYS, type Weekday } from '../../../../contract/recurrence.ts';
import {
  customFromRule,
  customProblems,
  ordinalOf,
  ruleFromCustom,
  ruleInWords,
  weekdayOf,
  type CustomProblem,
  type CustomRule,
} from './repeat-rule.ts';

/** A weekday's name in the locale ("Tuesday", "martes"), or its short form ("Tue", "mar"). */
function weekdayName(day: Weekday, locale: string, width: 'long' | 'short') {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)));
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(date);
}

export function CustomRepeatDialog({
  rule,
  start,
  timezone,
  onDone,
  onCancel,
}: {
  rule: string;
  start: string;
  timezone: string;
  onDone(rule: string): void;
  onCancel(): void;
}) {
  const t = useT();
  const locale = useLocale();
  const language = useLanguage();
  const id = useId();
  const [fields, setFields] = useState<CustomRule>(() => customFromRule(rule, start));
  const [intervalText, setIntervalText] = useState(String(fields.interval));
  const [countText, setCountText] = useState(String(fields.count));
  const [shown, setShown] = useState<CustomProblem[]>([]);
  const set = (patch: Partial<CustomRule>) => setFields((current) => ({ ...current, ...patch }));
  // Text in the end date that reads as no date (or asks which one) is a problem too: Done must
  // not take the last date it could read.
  const [untilUnread, setUntilUnread] = useState(false);
  const problems = customProblems(fields, start);
  if (fields.ends === 'until' && untilUnread && !problems.includes('until')) problems.push('until');
  const problem = (name: CustomProblem) =>
    shown.includes(name) && problems.includes(name) ? t(`series.problem.${name}`) : undefined;
  const words =
    problems.length === 0 ? ruleInWords(ruleFromCustom(fields), start, timezone, language, locale) : undefined;

  const number = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : NaN);
  // The monthly choices the first date offers: its day, its Nth weekday, and its last weekday
  // when it is one; a loaded rule's own choice too, when it is none of those.
  const day = Number(start.slice(8, 10));
  const weekday = weekdayOf(start);
  const monthlyChoices: { key: string; patch: Partial<CustomRule> }[] = [
    { key: `day:${day}`, patch: { monthly: 'day', monthDay: day } },
    { key: `weekday:${ordinalOf(start)}${weekday}`, patch: { monthly: 'weekday', ordinal: ordinalOf(start), weekday } },
  ];
  if (ordinalOf(start) === 4 && day + 7 > new Date(Date.UTC(+start.slice(0, 4), +start.slice(5, 7), 0)).getUTCDate())
    monthlyChoices.push({ key: `weekday:-1${weekday}`, patch: { monthly: 'weekday', ordinal: -1, weekday } });
  const currentKey = fields.monthly === 'day' ? `day:${fields.monthDay}` : `weekday:${fields.ordinal}${fields.weekday}`;
  if (!monthlyChoices.some((c) => c.key === currentKey))
    monthlyChoices.push({
      key: currentKey,
      patch: { monthly: fields.monthly, monthDay: fields.monthDay, ordinal: fields.ordinal, weekday: fields.weekday },
    });
  const monthlyLabel = (patch: Partial<CustomRule>) =>
    ruleInWords(
      ruleFromCustom({ ...fields, ...patch, interval: 1, ends: 'never' }),
      start,
      timezone,
      language,
      locale,
    ) ?? '';

  const done = () => {
    if (problems.length > 0) {
      setShown(problems);
      return;
    }
    onDone(ruleFromCustom(fields));
  };

  return (
    <Dialog
      title={t('series.customTitle')}
      isOpen
      onClose={onCancel}
      size="small"
      footer={
        <>
          <Button onPress={onCancel}>{t('common.cancel')}</Button>
          <Button variant="primary" type="submit" form={`${id}-form`}>
            {t('series.done')}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="custom-repeat"
        noValidate
        onSubmit={(event) => {
          // The editor's own form is outside this dialog's portal, but a submit must not reach it.
          event.preventDefault();
          event.stopPropagation();
          done();
        }}
      >
        <div className="custom-repeat-every">
          <TextField
            label={t('series.every')}
            value={intervalText}
            inputMode="numeric"
            autoFocus
            error={problem('interval')}
            onChange={(text) => {
              setIntervalText(text);
              set({ interval: number(text) });
            }}
          />
          <SelectField
            label={t('series.unitLabel')}
            value={fields.freq}
            onChange={(freq) => set({ freq: freq as CustomRule['freq'] })}
            options={FREQUENCIES.map((freq) => ({
              id: freq,
              label: t(`series.unit.${freq}`, { count: Number.isNaN(fields.interval) ? 2 : fields.interval }),
            }))}
          />
        </div>

        {fields.freq === 'WEEKLY' && (
          <fieldset
            className="custom-repeat-days"
            aria-describedby={describedByOf(`${id}-days`, undefined, problem('weekdays'))}
          >
            <legend className="field-label">{t('series.repeatOn')}</legend>
            <div className="weekday-toggles">
              {WEEKDAYS.map((d) => {
                const on = fields.weekdays.includes(d);
                return (
                  <label key={d} className="weekday-toggle" data-selected={on || undefined}>
                    <input
                      type="checkbox"
                      className="visually-hidden"
                      checked={on}
                      aria-label={weekdayName(d, locale, 'long')}
                      onChange={(event) =>
                        set({
                          weekdays: event.target.checked
                            ? [...fields.weekdays, d]
                            : fields.weekdays.filter((w) => w !== d),
                        })
                      }
                    />
                    <span aria-hidden="true">{weekdayName(d, locale, 'short')}</span>
                  </label>
                );
              })}
            </div>
            <FieldNotes id={`${id}-days`} error={problem('weekdays')} />
          </fieldset>
        )}

        {fields.freq === 'MONTHLY' && (
          <fieldset className="custom-repeat-month">
            <legend className="field-label">{t('series.monthlyOn')}</legend>
            {monthlyChoices.map((choice) => (
              <label key={choice.key} className="radio">
                <input
                  type="radio"
                  name={`${id}-monthly`}
                  checked={choice.key === currentKey}
                  onChange={() => set(choice.patch)}
                />
                {monthlyLabel(choice.patch)}
              </label>
            ))}
          </fieldset>
        )}

        <fieldset className="custom-repeat-ends">
          <legend className="field-label">{t('series.ends')}</legend>
          <label className="radio">
            <input
              type="radio"
              name={`${id}-ends`}
              checked={fields.ends === 'never'}
              onChange={() => set({ ends: 'never' })}
            />
            {t('series.endsNever')}
          </label>
          <div className="ends-row">
            <label className="radio">
              <input
                type="radio"
                name={`${id}-ends`}
                checked={fields.ends === 'until'}
                onChange={() => set({ ends: 'until' })}
              />
              {t('series.endsOn')}
            </label>
            <DateTimeField
              label={t('series.endsOnDate')}
              labelHidden
              help={false}
              allDay
              value={fields.until}
              disabled={fields.ends !== 'until'}
              error={problem('until')}
              onChange={(until) => set({ until })}
              onProblem={(unread) => setUntilUnread(unread !== null)}
            />
          </div>
          <div className="ends-row">
            <label className="radio">
              <input
                type="radio"
                name={`${id}-ends`}
                checked={fields.ends === 'count'}
                onChange={() => set({ ends: 'count' })}
              />
              {t('series.endsAfter')}
            </label>
            <input
              type="text"
              inputMode="numeric"
              className="input count-input"
              aria-label={t('series.endsCount')}
              value={countText}
              disabled={fields.ends !== 'count'}
              aria-invalid={problem('count') ? true : undefined}
              aria-describedby={describedByOf(`${id}-count`, undefined, problem('count'))}
              onChange={(event) => {
                setCountText(event.target.value);
                set({ count: number(event.target.value) });
              }}
            />
            <span>{t('series.times', { count: Number.isNaN(fields.count) ? 2 : fields.count })}</span>
          </div>
          <FieldNotes id={`${id}-count`} error={problem('count')} />
        </fieldset>
        <p className="custom-repeat-words" aria-live="polite">
          {words}
        </p>
      </form>
    </Dialog>
  );
}
