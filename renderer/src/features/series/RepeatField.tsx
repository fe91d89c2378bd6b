// The editor's Repeat control: "Does not repeat" (for an occurrence too), the common choices for the event's first date
// (each named by the rule in words: "Every Tuesday", "Monthly on the second Tuesday"…), the
// current rule when it is none of them, and "Custom…", which opens the Custom dialog. Under it
// the rule is said back in the UI's language ("Every other Tuesday until 30 June 2027"), from the
// same code the service describes it with — no request while the organizer is choosing.
import { useState } from 'react';
import { SelectField } from '../../components/Fields.tsx';
import { useLanguage, useLocale, useT } from '../../i18n/index.tsx';
import { presetOf, presetsFor, ruleInWords } from './repeat-rule.ts';
import { CustomRepeatDialog } from './CustomRepeatDialog.tsx';

const CURRENT = 'current';
const CUSTOM = 'custom';
const NONE = 'none';

export function RepeatField({
  rule,
  start,
  timezone,
  onChange,
  error,
}: {
  rule: string;
  /** The first date (or the occurrence's), 'YYYY-MM-DD…': the choices are made from it. */
  start: string;
  timezone: string;
  onChange(rule: string): void;
  error?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const locale = useLocale();
  const [customOpen, setCustomOpen] = useState(false);
  const date = /^\d{4}-\d{2}-\d{2}/.test(start) ? start.slice(0, 10) : undefined;
  const words = (r: string) => (date ? ruleInWords(r, date, timezone, language, locale) : undefined) ?? r;
  const presets = date ? presetsFor(date) : [];
  const chosen = date ? presetOf(rule, date) : rule ? 'custom' : 'none';
  const options = [
    // An occurrence's too: saved, it asks whether the series stops from here or altogether (issue 36).
    { id: NONE, label: t('series.none') },
    ...presets.map(({ preset, rule: r }) => ({ id: preset, label: words(r) })),
    ...(chosen === 'custom' ? [{ id: CURRENT, label: words(rule) }] : []),
    { id: CUSTOM, label: t('series.custom') },
  ];
  const selected = chosen === 'custom' ? CURRENT : chosen;
  return (
    <>
      <SelectField
        label={t('series.repeat')}
        value={selected}
        isDisabled={!date}
        error={error}
        onChange={(id) => {
          if (id === CUSTOM) return setCustomOpen(true);
          if (id === NONE) return onChange('');
          if (id === CURRENT) return;
          const preset = presets.find((p) => p.preset === id);
          if (preset) onChange(preset.rule);
        }}
        options={options}
      />
      {customOpen && date && (
        <CustomRepeatDialog
          rule={rule}
          start={date}
          timezone={timezone}
          onDone={(next) => {
            setCustomOpen(false);
            onChange(next);
          }}
          onCancel={() => setCustomOpen(false)}
        />
      )}
    </>
  );
}
