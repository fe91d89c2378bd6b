// The venue and organizer editor, in the editor shell: every field of the spec, the server's 400
// messages at their fields, If-Match on save, Delete (to the trash), Duplicate (a new item with
// the same fields, named as a copy: the service would take an identical one for the same venue),
// Translations. Those who may not edit see the item's details, read-only.
import { TranslationsDialog } from '../translations/TranslationsDialog.tsx';
import { TRANSLATABLE_FIELDS } from '../../api/translations.ts';
import { useState } from 'react';
import { useCreateLinked, useDeleteLinked, useLinkedItem, useUpdateLinked, type LinkedKind } from '../../api/linked.ts';
import { useSession } from '../../api/session.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { EditorShell, ItemDetails, useFormErrors } from '../../components/EditorShell.tsx';
import { Checkbox, TextField } from '../../components/Fields.tsx';
import { ErrorMessage, Loading } from '../../components/States.tsx';
import { notify } from '../../components/Notices.tsx';
import { useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';
import { canEdit } from '../session/permissions.ts';
import { withScheme } from '../../components/web-address.ts';
import { copyOfValues, fieldsOf, linkedValues, linkedWrite, type LinkedValues } from './linked-fields.ts';

export default function LinkedEditor({ kind, id, copyOf }: { kind: LinkedKind; id: number | null; copyOf?: number }) {
  const t = useT();
  const close = useUi((state) => state.closeEditor);
  const session = useSession().data!;
  const readOnly = !canEdit(session);
  const source = id ?? copyOf ?? null;
  const loaded = useLinkedItem(kind, source);
  const venues = kind === 'venues';
  const title = t(
    readOnly
      ? venues
        ? 'venues.details'
        : 'organizers.details'
      : id !== null
        ? venues
          ? 'venues.edit'
          : 'organizers.edit'
        : venues
          ? 'venues.new'
          : 'organizers.new',
  );
  // Once loaded, a failed refetch (the item was trashed elsewhere) keeps the form and what is typed.
  if (source !== null && loaded.data === undefined) {
    return (
      <Dialog title={title} isOpen onClose={close}>
        {loaded.isError ? <ErrorMessage error={loaded.error} onRetry={() => void loaded.refetch()} /> : <Loading />}
      </Dialog>
    );
  }
  const item = (loaded.data?.item ?? null) as Record<string, unknown> | null;
  const values = linkedValues(kind, item);
  return (
    <LinkedForm
      kind={kind}
      id={id}
      title={title}
      readOnly={readOnly}
      initial={
        id === null && copyOf !== undefined
          ? copyOfValues(kind, values, (name) => t('editor.copyName', { name }))
          : values
      }
      etag={id !== null ? (loaded.data?.etag ?? null) : null}
      onClose={close}
    />
  );
}

function LinkedForm({
  kind,
  id,
  title,
  readOnly,
  initial,
  etag: loadedEtag,
  onClose,
}: {
  kind: LinkedKind;
  id: number | null;
  title: string;
  readOnly: boolean;
  initial: LinkedValues;
  etag: string | null;
  onClose(): void;
}) {
  const t = useT();
  const create = useCreateLinked(kind);
  const update = useUpdateLinked(kind);
  const remove = useDeleteLinked(kind);
  const openEditor = useUi((state) => state.openEditor);
  const [values, setValues] = useState(initial);
  const names = new Set(fieldsOf(kind).map((field) => field.name));
  const { errors, fail, clear } = useFormErrors((param) => (names.has(param) ? param : undefined));
  // A translation saved from here moved the item to a new version: the next save is based on it.
  const [savedEtag, setSavedEtag] = useState<string | null>(null);
  const etag = savedEtag ?? loadedEtag;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const nameField = kind === 'venues' ? 'venue' : 'organizer';
  const name = String(values[nameField] || initial[nameField]);

  if (readOnly)
    return (
      // Named by the item itself, its other fields below.
      <EditorShell
        title={String(initial[nameField]) || title}
        readOnly
        dirty={false}
        saving={false}
        errors={errors}
        onSave={onClose}
        onClose={onClose}
      >
        <ItemDetails
          rows={fieldsOf(kind)
            .filter((field) => field.name !== nameField)
            .map((field) => [
              t(field.label),
              field.kind === 'checkbox'
                ? t(values[field.name] === true ? 'common.yes' : 'common.no')
                : String(values[field.name] ?? ''),
            ])}
        />
      </EditorShell>
    );

  const save = async () => {
    clear();
    try {
      if (id === null) await create.mutateAsync(linkedWrite(kind, values, null) as never);
      else await update.mutateAsync({ id, write: linkedWrite(kind, values, initial) as never, etag });
      notify(t('common.saved'));
      onClose();
    } catch (error) {
      fail(error);
    }
  };

  return (
    <EditorShell
      title={title}
      dirty={dirty}
      saving={create.isPending || update.isPending}
      errors={errors}
      onSave={() => void save()}
      onClose={onClose}
      onDuplicate={
        id === null
          ? undefined
          : () => openEditor({ kind: kind === 'venues' ? 'venue' : 'organizer', id: null, copyOf: id })
      }
      remove={
        id === null
          ? undefined
          : {
              title: t(kind === 'venues' ? 'venues.deleteConfirmTitle' : 'organizers.deleteConfirmTitle'),
              body: t(kind === 'venues' ? 'venues.deleteConfirmBody' : 'organizers.deleteConfirmBody', { name }),
              run: () => remove.mutateAsync({ id }),
              onFailed: fail,
            }
      }
      translations={
        id === null
          ? undefined
          : (close) => (
              <TranslationsDialog
                resource={kind}
                id={id}
                base={Object.fromEntries(
                  TRANSLATABLE_FIELDS[kind].map((field) => [field, String(initial[field as keyof LinkedValues] ?? '')]),
                )}
                etag={etag}
                onSaved={setSavedEtag}
                onClose={close}
              />
            )
      }
    >
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
              onBlur={
                field.type === 'url'
                  ? () =>
                      setValues((current) => ({ ...current, [field.name]: withScheme(String(current[field.name])) }))
                  : undefined
              }
              error={errors.fields[field.name]}
              multiline={field.kind === 'multiline'}
              type={field.type}
              inputMode={field.kind === 'number' ? 'decimal' : undefined}
              isRequired={field.name === nameField}
              autoFocus={field.name === nameField}
            />
          ),
        )}
      </div>
    </EditorShell>
  );
}
