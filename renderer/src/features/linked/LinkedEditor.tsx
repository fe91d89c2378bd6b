// The venue and organizer editor (a dialog): every field of the spec, the server's 400 messages at
// their fields, If-Match on save, confirm before discarding changes, Delete (to the trash).
import { TranslationsDialog } from '../translations/TranslationsDialog.tsx';
import { TRANSLATABLE_FIELDS } from '../../api/translations.ts';
import { useMemo, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useCreateLinked, useDeleteLinked, useLinkedItem, useUpdateLinked, type LinkedKind } from '../../api/linked.ts';
import { ApiError } from '../../api/errors.ts';
import { Dialog, ConfirmDialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox, TextField } from '../../components/Fields.tsx';
import { ErrorMessage, Loading, useErrorText } from '../../components/States.tsx';
import { notify } from '../../components/Notices.tsx';
import { useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';
import { fieldsOf, linkedValues, linkedWrite, type LinkedValues } from './linked-fields.ts';

export default function LinkedEditor({ kind, id }: { kind: LinkedKind; id: number | null }) {
  const t = useT();
  const close = useUi((state) => state.closeEditor);
  const loaded = useLinkedItem(kind, id);
  const title = t(
    kind === 'venues'
      ? id === null
        ? 'venues.new'
        : 'venues.edit'
      : id === null
        ? 'organizers.new'
        : 'organizers.edit',
  );
  // Once loaded, a failed refetch (the item was trashed elsewhere) keeps the form and what is typed.
  if (id !== null && loaded.data === undefined) {
    return (
      <Dialog title={title} isOpen onClose={close}>
        {loaded.isError ? <ErrorMessage error={loaded.error} onRetry={() => void loaded.refetch()} /> : <Loading />}
      </Dialog>
    );
  }
  const item = (loaded.data?.item ?? null) as Record<string, unknown> | null;
  return (
    <LinkedForm
      kind={kind}
      id={id}
      title={title}
      initial={linkedValues(kind, item)}
      etag={loaded.data?.etag ?? null}
      onClose={close}
    />
  );
}

function LinkedForm({
  kind,
  id,
  title,
  initial,
  etag: loadedEtag,
  onClose,
}: {
  kind: LinkedKind;
  id: number | null;
  title: string;
  initial: LinkedValues;
  etag: string | null;
  onClose(): void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const create = useCreateLinked(kind);
  const update = useUpdateLinked(kind);
  const remove = useDeleteLinked(kind);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<'discard' | 'delete' | null>(null);
  const [translating, setTranslating] = useState(false);
  // A translation saved from here moved the item to a new version: the next save is based on it.
  const [savedEtag, setSavedEtag] = useState<string | null>(null);
  const etag = savedEtag ?? loadedEtag;
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(initial), [values, initial]);
  const nameField = kind === 'venues' ? 'venue' : 'organizer';
  const name = String(values[nameField] || initial[nameField]);

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400 && Object.keys(error.params).length > 0)
      setErrors(error.params);
    else setErrors({ form: errorText(error) });
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const save = async () => {
    setErrors({});
    try {
      if (id === null) await create.mutateAsync(linkedWrite(kind, values, null) as never);
      else await update.mutateAsync({ id, write: linkedWrite(kind, values, initial) as never, etag });
      notify(t('common.saved'));
      onClose();
    } catch (error) {
      failed(error);
    }
  };

  const fieldErrors = Object.keys(errors).filter((key) => key !== 'form').length;
  return (
    <Dialog
      title={title}
      isOpen
      onClose={() => (dirty ? setConfirm('discard') : onClose())}
      footer={
        <>
          {id !== null && (
            <Button variant="danger" className="footer-start" onPress={() => setConfirm('delete')}>
              {t('common.delete')}
            </Button>
          )}
          {id !== null && (
            <Button onPress={() => (dirty ? notify(t('translations.saveFirst')) : setTranslating(true))}>
              {t('translations.open')}
            </Button>
          )}
          <Button onPress={() => (dirty ? setConfirm('discard') : onClose())}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            isDisabled={create.isPending || update.isPending}
            onPress={() => formRef.current?.requestSubmit()}
          >
            {t('common.save')}
          </Button>
        </>
      }
    >
      <Form
        validationBehavior="aria"
        ref={formRef}
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div role="alert" className="form-errors" aria-live="assertive">
          {fieldErrors > 0 && <p>{t('common.fieldErrors', { count: fieldErrors })}</p>}
          {errors.form && <p>{errors.form}</p>}
        </div>
        <div className="field-row">
          {fieldsOf(kind).map((field) =>
            field.kind === 'checkbox' ? (
              <Checkbox
                key={field.name}
                label={t(field.label)}
                value={values[field.name] === true}
                onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
              />
            ) : (
              <TextField
                key={field.name}
                className={field.kind === 'multiline' || field.name === nameField ? 'span-all' : undefined}
                label={t(field.label)}
                value={String(values[field.name] ?? '')}
                onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
                error={errors[field.name]}
                multiline={field.kind === 'multiline'}
                type={field.type}
                inputMode={field.kind === 'number' ? 'decimal' : undefined}
                isRequired={field.name === nameField}
                autoFocus={field.name === nameField}
              />
            ),
          )}
        </div>
        <button type="submit" hidden tabIndex={-1} />
      </Form>
      <ConfirmDialog
        isOpen={confirm === 'discard'}
        title={t('common.unsavedTitle')}
        body={t('common.unsavedBody')}
        confirmLabel={t('common.discard')}
        cancelLabel={t('common.keepEditing')}
        danger
        onConfirm={onClose}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        isOpen={confirm === 'delete'}
        title={t(kind === 'venues' ? 'venues.deleteConfirmTitle' : 'organizers.deleteConfirmTitle')}
        body={t(kind === 'venues' ? 'venues.deleteConfirmBody' : 'organizers.deleteConfirmBody', { name })}
        confirmLabel={t('common.delete')}
        danger
        onConfirm={() =>
          remove.mutate(
            { id: id! },
            {
              onSuccess: () => {
                notify(t('common.deleted'));
                onClose();
              },
              onError: (error) => {
                setConfirm(null);
                failed(error);
              },
            },
          )
        }
        onCancel={() => setConfirm(null)}
      />
      {translating && id !== null && (
        <TranslationsDialog
          resource={kind}
          id={id}
          base={Object.fromEntries(
            TRANSLATABLE_FIELDS[kind].map((field) => [field, String(initial[field as keyof LinkedValues] ?? '')]),
          )}
          etag={etag}
          onSaved={setSavedEtag}
          onClose={() => setTranslating(false)}
        />
      )}
    </Dialog>
  );
}
