// The category and tag editor, in the editor shell: name (rename), slug, parent (categories),
// description; Delete (terms are deleted outright, after a confirmation that says how many events
// lose them); Translations. Those who may not manage terms see the term's details, read-only.
import { TranslationsDialog } from '../translations/TranslationsDialog.tsx';
import { useMemo, useState } from 'react';
import { useAllTerms, useCreateTerm, useDeleteTerm, useUpdateTerm } from '../../api/terms.ts';
import { useSession } from '../../api/session.ts';
import type { Taxonomy } from '../../api/types.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { EditorShell, ItemDetails, useFormErrors } from '../../components/EditorShell.tsx';
import { SelectField, TextField } from '../../components/Fields.tsx';
import { ErrorMessage, Loading } from '../../components/States.tsx';
import { notify } from '../../components/Notices.tsx';
import { useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';
import { termPaths } from '../events/editor/pickers.tsx';
import { canManageTerms } from '../session/permissions.ts';

interface TermValues {
  name: string;
  slug: string;
  parent: string;
  description: string;
}
type TermField = keyof TermValues;
const TERM_FIELDS = new Set<string>(['name', 'slug', 'parent', 'description']);

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
  const close = useUi((state) => state.closeEditor);
  const session = useSession().data!;
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
  const { errors, fail, clear } = useFormErrors<TermField>(
    (param) => (TERM_FIELDS.has(param) ? (param as TermField) : undefined),
    { term_exists: 'name' },
  );
  const create = useCreateTerm(taxonomy);
  const update = useUpdateTerm(taxonomy);
  const remove = useDeleteTerm(taxonomy);
  const categories = taxonomy === 'categories';
  const readOnly = !canManageTerms(session, taxonomy);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const title = t(
    readOnly
      ? categories
        ? 'terms.categoryDetails'
        : 'terms.tagDetails'
      : categories
        ? id === null
          ? 'terms.newCategory'
          : 'terms.editCategory'
        : id === null
          ? 'terms.newTag'
          : 'terms.editTag',
  );
  // A category cannot be its own ancestor: it and its descendants are not offered as parents.
  const entries = useMemo(() => termPaths(all.data ?? []), [all.data]);
  const parents = useMemo(() => {
    const own = entries.find((entry) => entry.term.id === id);
    return entries.filter((entry) => !own || !(entry.term.id === id || entry.path.startsWith(`${own.path} › `)));
  }, [entries, id]);

  if (readOnly)
    return (
      <EditorShell
        title={initial.name || title}
        size="small"
        readOnly
        dirty={false}
        saving={false}
        errors={errors}
        onSave={close}
        onClose={close}
      >
        <ItemDetails
          rows={[
            [t('terms.slug'), initial.slug],
            ...(categories && term?.parent
              ? [
                  [t('terms.parent'), entries.find((entry) => entry.term.id === term.parent)?.path ?? ''] as [
                    string,
                    string,
                  ],
                ]
              : []),
            [t('common.description'), initial.description],
            [t('terms.count'), String(term?.count ?? 0)],
          ]}
        />
      </EditorShell>
    );

  const save = async () => {
    clear();
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
      fail(error);
    }
  };

  return (
    <EditorShell
      title={title}
      size="small"
      dirty={dirty}
      saving={create.isPending || update.isPending}
      errors={errors}
      onSave={() => void save()}
      onClose={close}
      remove={
        id === null
          ? undefined
          : {
              title: t('terms.deleteConfirmTitle', { name: initial.name }),
              body: t('terms.deleteConfirmBody', { count: term?.count ?? 0 }),
              run: () => remove.mutateAsync(id),
              onFailed: fail,
            }
      }
      translations={
        id === null
          ? undefined
          : (closeTranslations) => (
              <TranslationsDialog
                resource={taxonomy}
                id={id}
                base={{ name: initial.name, description: initial.description }}
                etag={null}
                onSaved={() => {}}
                onClose={closeTranslations}
              />
            )
      }
    >
      <TextField
        label={t('terms.name')}
        value={values.name}
        onChange={(name) => setValues({ ...values, name })}
        error={errors.fields.name}
        isRequired
        autoFocus
      />
      <TextField
        label={t('terms.slug')}
        value={values.slug}
        onChange={(slug) => setValues({ ...values, slug })}
        error={errors.fields.slug}
      />
      {categories && (
        <SelectField
          label={t('terms.parent')}
          value={values.parent}
          onChange={(parent) => setValues({ ...values, parent })}
          error={errors.fields.parent}
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
        error={errors.fields.description}
        multiline
      />
    </EditorShell>
  );
}
