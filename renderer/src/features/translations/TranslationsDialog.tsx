// The Spanish variants of an event, venue, organizer, category or tag, side by side with the base text: pick a
// variant, edit its translatable fields, see which still show the base text, save through
// `translation_language`. Opened from an editor when it has no unsaved changes; the save's new
// ETag goes back to the editor, so its own next save is not taken for a lost update.
import { useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { SelectField, TextField } from '../../components/Fields.tsx';
import { ErrorMessage, Loading, useErrorText } from '../../components/States.tsx';
import { notify } from '../../components/Notices.tsx';
import {
  TRANSLATABLE_FIELDS,
  VARIANTS,
  useSaveTranslation,
  useTranslation,
  type TranslatableResource,
  type TranslatedFields,
  type Variant,
} from '../../api/translations.ts';
import { useT, type MessageId } from '../../i18n/index.tsx';
import { RichTextField } from '../events/editor/RichTextField.tsx';

/** Each translatable field's label; the description is formatted text, the excerpt a few lines. */
const LABELS: Record<string, MessageId> = {
  title: 'editor.title',
  excerpt: 'editor.excerpt',
  description: 'editor.description',
  venue: 'venues.name',
  address: 'venues.address',
  city: 'venues.city',
  organizer: 'organizers.name',
  name: 'terms.name',
};

export function TranslationsDialog({
  resource,
  id,
  base,
  etag,
  onSaved,
  onClose,
}: {
  resource: TranslatableResource;
  id: number;
  /** The base text (what a variant falls back to). */
  base: TranslatedFields;
  etag: string | null;
  onSaved(etag: string | null): void;
  onClose(): void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const [language, setLanguage] = useState<Variant>('es');
  const fields = TRANSLATABLE_FIELDS[resource];
  const loaded = useTranslation(resource, id, language);
  const save = useSaveTranslation(resource);
  // What the fields show, for the variant they were loaded from: a newly loaded variant (or the
  // same one reloaded after a save) replaces them, as React's "adjust state while rendering" does.
  const [edited, setEdited] = useState<{ from: TranslatedFields; values: TranslatedFields; resetKey: number } | null>(
    null,
  );
  if (loaded.data && edited?.from !== loaded.data)
    setEdited({ from: loaded.data, values: loaded.data, resetKey: (edited?.resetKey ?? 0) + 1 });
  const values = edited && edited.from === loaded.data ? edited.values : null;
  const resetKey = edited?.resetKey ?? 0;
  const setValues = (next: TranslatedFields) => edited && setEdited({ ...edited, values: next });
  // Only what was edited is saved: a field left alone keeps showing the base text (or its own).
  const changed = values
    ? Object.fromEntries(Object.entries(values).filter(([field, text]) => text !== loaded.data?.[field]))
    : {};
  const label = (field: string): MessageId => LABELS[field]!;
  const fallsBack = (field: string) =>
    loaded.data !== undefined && loaded.data[field] === base[field] && (base[field] ?? '') !== '';

  return (
    <Dialog
      title={t('translations.title')}
      isOpen
      onClose={onClose}
      size="large"
      footer={
        <>
          <Button onPress={onClose}>{t('common.close')}</Button>
          <Button
            variant="primary"
            isDisabled={Object.keys(changed).length === 0 || save.isPending}
            onPress={() =>
              save.mutate(
                { id, language, fields: changed, etag },
                {
                  onSuccess: (newEtag) => {
                    onSaved(newEtag);
                    notify(t('translations.saved', { language: t(`translations.variant.${language}`) }));
                  },
                  onError: (error) => notify(errorText(error), { tone: 'error' }),
                },
              )
            }
          >
            {t('common.save')}
          </Button>
        </>
      }
    >
      <p className="field-help">{t(`translations.intro.${resource}`)}</p>
      <SelectField
        label={t('translations.language')}
        value={language}
        onChange={(next) => setLanguage(next as Variant)}
        options={VARIANTS.map((variant) => ({ id: variant, label: t(`translations.variant.${variant}`) }))}
      />
      {loaded.isError && <ErrorMessage error={loaded.error} onRetry={() => void loaded.refetch()} />}
      {loaded.isPending || !values ? (
        <Loading />
      ) : (
        <div className="translation-grid">
          {fields.map((field) => (
            <div key={field} className="translation-row">
              <div className="translation-base">
                <span className="field-label">{t('translations.base', { field: t(label(field)) })}</span>
                {/* Base text as text: the description's HTML is shown as its words, never as markup. */}
                <p className="translation-base-text">
                  {(field === 'description' ? plainText(base[field] ?? '') : base[field]) || t('common.none')}
                </p>
              </div>
              <div>
                {field === 'description' && resource === 'events' ? (
                  <RichTextField
                    label={t(label(field))}
                    value={values[field] ?? ''}
                    resetKey={resetKey}
                    onChange={(html) => setValues({ ...values, [field]: html })}
                  />
                ) : (
                  <TextField
                    label={t(label(field))}
                    value={values[field] ?? ''}
                    multiline={field === 'excerpt' || field === 'description'}
                    onChange={(text) => setValues({ ...values, [field]: text })}
                  />
                )}
                {fallsBack(field) && <p className="field-help translation-fallback">{t('translations.fallsBack')}</p>}
              </div>
            </div>
          ))}
        </div>
      )}
    </Dialog>
  );
}

function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
