// A spreadsheet's choices before it is imported: what its rows are (events, venues or
// organizers) and which column feeds which field. The server proposes the mapping (The Events
// Calendar's headings and common synonyms); columns it could not place are set here by hand.
import { useState } from 'react';
import type { CsvChoices, CsvColumns, ImportKind } from '../../api/calendar-files.ts';
import { Button } from '../../components/Button.tsx';
import { SelectField } from '../../components/Fields.tsx';
import { useT } from '../../i18n/index.tsx';

export function CsvChoicesForm({
  columns,
  choices,
  onApply,
}: {
  columns: CsvColumns | undefined;
  choices: CsvChoices;
  onApply(choices: CsvChoices): void;
}) {
  const t = useT();
  const [kind, setKind] = useState<ImportKind>(choices.kind);
  const [mapping, setMapping] = useState<Record<string, string>>(columns?.mapping ?? {});
  const kinds: { id: ImportKind; label: string }[] = [
    { id: 'events', label: t('files.kindEvents') },
    { id: 'venues', label: t('files.kindVenues') },
    { id: 'organizers', label: t('files.kindOrganizers') },
  ];
  // Changing the kind changes the fields: the server proposes a new mapping for it.
  const kindChanged = kind !== choices.kind;
  const fields = [
    { id: '', label: t('files.notImported') },
    ...(columns?.fields ?? []).map(({ id, label }) => ({ id, label })),
  ];
  return (
    <section className="csv-choices" aria-labelledby="csv-choices-title">
      <h3 id="csv-choices-title">{t('files.columnsTitle')}</h3>
      <SelectField
        label={t('files.rowsAre')}
        value={kind}
        onChange={(value) => setKind(value as ImportKind)}
        options={kinds}
      />
      {columns && !kindChanged && (
        <div className="csv-columns">
          {columns.headings.map((heading, index) => (
            <SelectField
              key={`${heading}-${index}`}
              label={heading || t('files.unnamedColumn', { number: index + 1 })}
              value={mapping[heading] ?? ''}
              onChange={(value) => setMapping(Object.assign({}, mapping, { [heading]: value }))}
              options={fields}
            />
          ))}
        </div>
      )}
      <Button onPress={() => onApply(kindChanged ? { kind } : { kind, mapping })}>{t('files.checkAgain')}</Button>
    </section>
  );
}
