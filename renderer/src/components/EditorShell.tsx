// The frame every editor shares (events, venues, organizers, categories, tags): a dialog with the
// form, Save, Cancel, Delete, Duplicate and Translations in one place, and the behaviour written
// once — closing with unsaved changes asks first (Esc, a click outside, Cancel), Delete asks
// first, Translations and Duplicate wait until the changes are saved or discarded, the server's
// messages show at their fields (the first invalid field takes the focus) or once at the top.
// Text typed in a pick-from-a-list field and not added stops the save, said at that field
// (pending-text.ts): nothing typed is dropped without a word.
// Read-only (a visitor, a role that may not edit): the item's details and Close, nothing else.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { Dialog, ConfirmDialog } from './Dialog.tsx';
import { Button } from './Button.tsx';
import { notify } from './Notices.tsx';
import { useErrorText } from './States.tsx';
import { errorCount, formErrorsOf, NO_ERRORS, type FormErrors } from './form-errors.ts';
import { reasonText } from './server-reasons.ts';
import { PendingTextContext, settlePendingText, type PendingTextRegistry } from './pending-text.ts';
import { useT } from '../i18n/index.tsx';

/** A form's errors, and `fail(error)` to put a failed save's messages where they belong. */
export function useFormErrors<F extends string>(
  fieldOf: (param: string) => F | undefined,
  codeFields?: Partial<Record<string, F>>,
) {
  const t = useT();
  const text = useErrorText();
  const [errors, setErrors] = useState<FormErrors<F>>(NO_ERRORS);
  return {
    errors,
    setErrors,
    clear: () => setErrors(NO_ERRORS),
    fail: (error: unknown) =>
      setErrors(
        formErrorsOf(error, {
          fieldOf,
          text,
          codeFields,
          reasonText: (param, reason) => reasonText(t, param, reason),
        }),
      ),
  };
}

export function EditorShell({
  title,
  size = 'medium',
  readOnly = false,
  dirty,
  saving,
  errors,
  onSave,
  onClose,
  remove,
  translations,
  onDuplicate,
  askDelete,
  formClassName = 'form',
  overlays,
  children,
}: {
  title: string;
  size?: 'small' | 'medium' | 'large';
  readOnly?: boolean;
  dirty: boolean;
  saving: boolean;
  errors: FormErrors;
  onSave(): void;
  onClose(): void;
  /**
   * An existing item the user may delete: the confirmation's words, the deletion, and how it says
   * it is done (default "Deleted."); the editor closes after it, and a failure goes to onFailed.
   */
  remove?: { title: string; body: string; run(): Promise<unknown>; done?(): void; onFailed(error: unknown): void };
  /** An existing item's Translations dialog. */
  translations?(close: () => void): ReactNode;
  onDuplicate?(): void;
  /** Delete asks its own question instead of the confirmation (an occurrence of a series: which events). */
  askDelete?(): void;
  formClassName?: string;
  /** The editor's own dialogs over the form (the conflict dialog). */
  overlays?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const [confirm, setConfirm] = useState<'discard' | 'delete' | null>(null);
  const [translating, setTranslating] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [pendingText] = useState<PendingTextRegistry>(() => new Set());
  const requestClose = () => (dirty && !readOnly ? setConfirm('discard') : onClose());
  /** Translations and Duplicate start from the saved item: unsaved changes are settled first. */
  const afterSaving = (run: () => void) => (dirty ? notify(t('editor.saveFirst')) : run());

  // A failed save: the first invalid field takes the focus (its message is read with it).
  useEffect(() => {
    if (errorCount(errors) === 0) return;
    const frame = requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [errors]);

  const count = errorCount(errors);
  return (
    <Dialog
      title={title}
      isOpen
      onClose={requestClose}
      size={size}
      footer={
        readOnly ? (
          <Button variant="primary" onPress={onClose}>
            {t('common.close')}
          </Button>
        ) : (
          <>
            {remove && (
              <Button
                variant="danger"
                className="footer-start"
                onPress={() => (askDelete ? askDelete() : setConfirm('delete'))}
              >
                {t('common.delete')}
              </Button>
            )}
            {onDuplicate && <Button onPress={() => afterSaving(onDuplicate)}>{t('card.duplicate')}</Button>}
            {translations && (
              <Button onPress={() => afterSaving(() => setTranslating(true))}>{t('translations.open')}</Button>
            )}
            <Button onPress={requestClose}>{t('common.cancel')}</Button>
            <Button variant="primary" isDisabled={saving} onPress={() => formRef.current?.requestSubmit()}>
              {t('common.save')}
            </Button>
          </>
        )
      }
    >
      {readOnly ? (
        children
      ) : (
        <Form
          validationBehavior="aria"
          ref={formRef}
          className={formClassName}
          onSubmit={(event) => {
            event.preventDefault();
            if (settlePendingText(pendingText)) onSave();
          }}
        >
          <div role="alert" className="form-errors" aria-live="assertive">
            {count > 0 && <p>{t('common.fieldErrors', { count })}</p>}
            {errors.form && <p>{errors.form}</p>}
          </div>
          <PendingTextContext.Provider value={pendingText}>{children}</PendingTextContext.Provider>
          {/* Enter in a text field saves, as in any form. */}
          <button type="submit" hidden tabIndex={-1} />
        </Form>
      )}
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
      {remove && (
        <ConfirmDialog
          isOpen={confirm === 'delete'}
          title={remove.title}
          body={remove.body}
          confirmLabel={t('common.delete')}
          danger
          onConfirm={() =>
            void remove
              .run()
              .then(() => {
                if (remove.done) remove.done();
                else notify(t('common.deleted'));
                onClose();
              })
              .catch(remove.onFailed)
              .finally(() => setConfirm(null))
          }
          onCancel={() => setConfirm(null)}
        />
      )}
      {translating && translations?.(() => setTranslating(false))}
      {overlays}
    </Dialog>
  );
}

/** An item's fields as text, for those who may read but not edit it. */
export function ItemDetails({ rows }: { rows: [label: string, value: ReactNode][] }) {
  const t = useT();
  const shown = rows.filter(([, value]) => value !== '' && value !== null && value !== undefined);
  if (shown.length === 0) return <p>{t('common.none')}</p>;
  return (
    <dl className="item-details">
      {shown.map(([label, value]) => (
        <div key={label} className="item-details-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
