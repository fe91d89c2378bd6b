// The category and tag editor: name (rename), slug, parent (categories), description; Delete
// (terms are deleted outright, after a confirmation that says how many events lose them).
import { TranslationsDialog } from '../translations/TranslationsDialog.tsx';
import { useMemo, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useAllTerms, useCreateTerm, useDeleteTerm, useUpdateTerm } from '../../api/terms.ts';
import { ApiError } from '../../api/errors.ts';
import type { Taxonomy } from '../../api/types.ts';
import { Dialog, ConfirmDialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { SelectField, TextField } from '../../components/Fields.tsx';
import { ErrorMessage, Loading, useErrorText } from '../../components/States.tsx';
import { notify } from '../../components/Notices.tsx';
import { useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';
import { termPaths } from '../events/editor/pickers.tsx';

interface TermValues {
  name: string;
  slug: string;
  parent: string;
  description: string;
}

export default function TermEditor({ taxonomy, id }: { taxonomy: Taxonomy; id: number | null }) {
  const t = useT();
  const close = useUi((state) => state.closeEditor);
  const all = useAllTerms(taxonomy);
  if (id !== null && !all.data) {
    return (
      <Dialog
        title={t(taxonomy === 'categories' ? 'terms.editCategory' : 'terms.editTag')}
        isOpen
        onClose={close}
        size="small"
      >
        {all.isError ? <ErrorMessage error={all.error} onRetry={() => void all.refetch()} /> : <Loading />}
      </Dialog>
    );
  }
  return <TermForm taxonomy={taxonomy} id={id} />;
}

function TermForm({ taxonomy, id }: { taxonomy: Taxonomy; id: number | null }) {
  const t = useT();
  const errorText = useErrorText();
  const close = useUi((state) => state.closeEditor);
  const all = useAllTerms(taxonomy);
  const term = id === null ? undefined : all.data?.find((candidate) => candidate.id === id);
  const initial: TermValues = useMemo(
    () => ({
      name: term?.name ?? '',
      slug: term?.slug ?? '',
      parent: String(term?.parent ?? 0),
      description: term?.description ?? '',
    }),
    [term],
  );
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<'discard' | 'delete' | null>(null);
  const [translating, setTranslating] = useState(false);
  const create = useCreateTerm(taxonomy);
  const update = useUpdateTerm(taxonomy);
  const remove = useDeleteTerm(taxonomy);
  const formRef = useRef<HTMLFormElement>(null);
  const categories = taxonomy === 'categories';
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const title = t(
    categories
      ? id === null
        ? 'terms.newCategory'
        : 'terms.editCategory'
      : id === null
        ? 'terms.newTag'
        : 'terms.editTag',
  );
  // A category cannot be its own ancestor: it and its descendants are not offered as parents.
  const parents = useMemo(() => {
    const entries = termPaths(all.data ?? []);
    const own = entries.find((entry) => entry.term.id === id);
    return entries.filter((entry) => !own || !(entry.term.id === id || entry.path.startsWith(`${own.path} › `)));
  }, [all.data, id]);

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400 && Object.keys(error.params).length > 0)
      setErrors(error.params);
    else if (error instanceof ApiError && error.code === 'term_exists') setErrors({ name: error.message });
    else setErrors({ form: errorText(error) });
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const save = async () => {
    setErrors({});
    const write: Record<string, unknown> = {};
    if (id === null || values.name !== initial.name) write.name = values.name;
    if (values.slug !== initial.slug) write.slug = values.slug;
    if (values.description !== initial.description) write.description = values.description;
    if (categories && values.parent !== initial.parent) write.parent = Number(values.parent);
    try {
      if (id === null) await create.mutateAsync(write);
      else await update.mutateAsync({ id, write });
      notify(t('common.saved'));
      close();
    } catch (error) {
      failed(error);
    }
  };

  const requestClose = () => (dirty ? setConfirm('discard') : close());
  return (
    <Dialog
      title={title}
      isOpen
      onClose={requestClose}
      size="small"
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
          <Button onPress={requestClose}>{t('common.cancel')}</Button>
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
          {errors.form && <p>{errors.form}</p>}
        </div>
        <TextField
          label={t('terms.name')}
          value={values.name}
          onChange={(name) => setValues({ ...values, name })}
          error={errors.name}
          isRequired
          autoFocus
        />
        <TextField
          label={t('terms.slug')}
          value={values.slug}
          onChange={(slug) => setValues({ ...values, slug })}
          error={errors.slug}
        />
        {categories && (
          <SelectField
            label={t('terms.parent')}
            value={values.parent}
            onChange={(parent) => setValues({ ...values, parent })}
            error={errors.parent}
            options={[
              { id: '0', label: t('terms.noParent') },
              ...parents.map(({ term: option, path }) => ({ id: String(option.id), label: path })),
            ]}
          />
        )}
        <TextField
          label={t('common.description')}
          value={values.description}
          onChange={(description) => setValues({ ...values, description })}
          error={errors.description}
          multiline
        />
        <button type="submit" hidden tabIndex={-1} />
      </Form>
      <ConfirmDialog
        isOpen={confirm === 'discard'}
        title={t('common.unsavedTitle')}
        body={t('common.unsavedBody')}
        confirmLabel={t('common.discard')}
        cancelLabel={t('common.keepEditing')}
        danger
        onConfirm={close}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        isOpen={confirm === 'delete'}
        title={t('terms.deleteConfirmTitle', { name: initial.name })}
        body={t('terms.deleteConfirmBody', { count: term?.count ?? 0 })}
        confirmLabel={t('common.delete')}
        danger
        onConfirm={() =>
          remove.mutate(id!, {
            onSuccess: () => {
              notify(t('common.deleted'));
              close();
            },
            onError: (error) => {
              setConfirm(null);
              failed(error);
            },
          })
        }
        onCancel={() => setConfirm(null)}
      />
      {translating && id !== null && (
        <TranslationsDialog
          resource={taxonomy}
          id={id}
          base={{ name: initial.name, description: initial.description }}
          etag={null}
          onSaved={() => {}}
          onClose={() => setTranslating(false)}
        />
      )}
    </Dialog>
  );
}
