// The event editor's pickers: Venue (one; an existing venue or a new one with its address, created
// together with the event), Organizers (several; existing or new), Categories (the tree, as
// "Parent › Child") and Tags — new terms by typing their name.
import { useDeferredValue, useMemo, useState } from 'react';
import { useLinkedList } from '../../../api/linked.ts';
import { useAllTerms } from '../../../api/terms.ts';
import type { Organizer, Taxonomy, Term, Venue } from '../../../api/types.ts';
import { ChoicePicker, type PickerItem } from '../../../components/ChoicePicker.tsx';
import { TextField } from '../../../components/Fields.tsx';
import { useT } from '../../../i18n/index.tsx';
import type { LinkedChoice, TermChoice } from './event-form.ts';

const choiceKey = (choice: { id: number | null; name: string }) =>
  choice.id !== null ? String(choice.id) : `new:${choice.name}`;

/** The options are loaded once the picker is first focused (see ChoicePicker's onActivate). */
function useActivation() {
  const [active, setActive] = useState(false);
  return { active, activate: () => setActive(true) };
}

function useLinkedOptions(kind: 'venues' | 'organizers', text: string, enabled: boolean) {
  const search = useDeferredValue(text.trim());
  const list = useLinkedList(kind, { search: search || undefined, per_page: 20 }, { enabled });
  const data = list.data && 'data' in list.data ? list.data.data : undefined;
  const rows = (
    data
      ? kind === 'venues'
        ? (data as { venues: Venue[] }).venues
        : (data as { organizers: Organizer[] }).organizers
      : []
  ) as (Venue | Organizer)[];
  // While the typed text's results load, the previous search's stand in: keep only those that
  // match what is typed now, so a quick ArrowDown + Enter never picks a stale, unrelated row.
  const typed = text.trim().toLowerCase();
  const current =
    (list.isPlaceholderData || search !== text.trim()) && typed !== ''
      ? rows.filter((row) =>
          String(kind === 'venues' ? (row as Venue).venue : (row as Organizer).organizer)
            .toLowerCase()
            .includes(typed),
        )
      : rows;
  const options: PickerItem[] = current.map((row) => ({
    key: String(row.id),
    label: String(kind === 'venues' ? (row as Venue).venue : (row as Organizer).organizer),
    detail: kind === 'venues' ? ((row as Venue).city ?? undefined) : ((row as Organizer).email ?? undefined),
  }));
  return { options, isLoading: list.isFetching };
}

const VENUE_FIELDS = [
  ['address', 'venues.address'],
  ['city', 'venues.city'],
  ['stateprovince', 'venues.state'],
  ['zip', 'venues.zip'],
  ['country', 'venues.country'],
] as const;

export function VenuePicker({
  value,
  onChange,
  error,
}: {
  value: LinkedChoice | null;
  onChange(value: LinkedChoice | null): void;
  error?: string;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const { active, activate } = useActivation();
  const { options, isLoading } = useLinkedOptions('venues', text, active);
  return (
    <ChoicePicker
      label={t('editor.venue')}
      description={t('editor.venueHelp')}
      error={error}
      selected={value ? [{ key: choiceKey(value), label: value.name }] : []}
      options={options}
      isLoading={isLoading}
      onActivate={activate}
      onInputChange={setText}
      onAdd={(item) => onChange({ id: Number(item.key), name: item.label })}
      onCreate={(name) => onChange({ id: null, name, fields: {} })}
      onRemove={() => onChange(null)}
    >
      {value && value.id === null && (
        <fieldset className="inline-new">
          <legend>{t('editor.createVenue')}</legend>
          <TextField
            label={t('venues.name')}
            value={value.name}
            onChange={(name) => onChange({ ...value, name })}
            isRequired
          />
          <div className="field-row">
            {VENUE_FIELDS.map(([field, label]) => (
              <TextField
                key={field}
                label={t(label)}
                value={value.fields[field] ?? ''}
                onChange={(text) => onChange({ ...value, fields: { ...value.fields, [field]: text } })}
              />
            ))}
          </div>
        </fieldset>
      )}
    </ChoicePicker>
  );
}

export function OrganizersPicker({
  value,
  onChange,
  error,
}: {
  value: LinkedChoice[];
  onChange(value: LinkedChoice[]): void;
  error?: string;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const { active, activate } = useActivation();
  const { options, isLoading } = useLinkedOptions('organizers', text, active);
  return (
    <ChoicePicker
      label={t('editor.organizers')}
      description={t('editor.organizersHelp')}
      error={error}
      selected={value.map((choice) => ({ key: choiceKey(choice), label: choice.name }))}
      options={options}
      isLoading={isLoading}
      onActivate={activate}
      onInputChange={setText}
      onAdd={(item) => onChange([...value, { id: Number(item.key), name: item.label }])}
      onCreate={(name) => onChange([...value, { id: null, name, fields: {} }])}
      onRemove={(key) => onChange(value.filter((choice) => choiceKey(choice) !== key))}
    />
  );
}

/** Each term with its ancestors' names ("Music › Jazz"), in tree order. */
export function termPaths(terms: Term[]): { term: Term; path: string; depth: number }[] {
  const byId = new Map(terms.map((term) => [term.id, term]));
  const children = new Map<number, Term[]>();
  for (const term of terms) {
    const parent = term.parent && byId.has(term.parent) ? term.parent : 0;
    children.set(parent, [...(children.get(parent) ?? []), term]);
  }
  const out: { term: Term; path: string; depth: number }[] = [];
  const walk = (parent: number, prefix: string, depth: number) => {
    for (const term of (children.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = prefix ? `${prefix} › ${term.name}` : term.name;
      out.push({ term, path, depth });
      if (depth < 20) walk(term.id, path, depth + 1);
    }
  };
  walk(0, '', 0);
  return out;
}

export function TermPicker({
  taxonomy,
  value,
  onChange,
  error,
  canCreate,
}: {
  taxonomy: Taxonomy;
  value: TermChoice[];
  onChange(value: TermChoice[]): void;
  error?: string;
  canCreate: boolean;
}) {
  const t = useT();
  const { active, activate } = useActivation();
  const all = useAllTerms(taxonomy, { enabled: active });
  const [text, setText] = useState('');
  const options = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return termPaths(all.data ?? [])
      .filter(({ path }) => needle === '' || path.toLowerCase().includes(needle))
      .slice(0, 100)
      .map(({ term, path }) => ({ key: String(term.id), label: path }));
  }, [all.data, text]);
  return (
    <ChoicePicker
      label={t(taxonomy === 'categories' ? 'editor.categories' : 'editor.tags')}
      description={canCreate ? t('editor.termsHelp') : undefined}
      error={error}
      selected={value.map((choice) => ({ key: choiceKey(choice), label: choice.name }))}
      options={options}
      isLoading={all.isFetching}
      onActivate={activate}
      onInputChange={setText}
      onAdd={(item) => onChange([...value, { id: Number(item.key), name: item.label.split(' › ').at(-1)! }])}
      onCreate={canCreate ? (name) => onChange([...value, { id: null, name }]) : undefined}
      onRemove={(key) => onChange(value.filter((choice) => choiceKey(choice) !== key))}
    />
  );
}
