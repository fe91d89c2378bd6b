// The event editor: every field of the spec's event, in a dialog over the calendar or the list.
// Saves send the ETag the editor loaded as If-Match; a 412 opens the conflict dialog. The server's
// 400 messages appear at their fields (marked invalid, described, announced, the first focused).
// Closing with unsaved changes — Esc, a click outside, Cancel — asks first.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, ConfirmDialog } from '../../../components/Dialog.tsx';
import { Button } from '../../../components/Button.tsx';
import { Checkbox, SelectField, TextField } from '../../../components/Fields.tsx';
import { ErrorMessage, Loading, useErrorText, useNoticeableWait } from '../../../components/States.tsx';
import { notify } from '../../../components/Notices.tsx';
import { useCreateEvent, useDeleteEvent, useEvent, useUpdateEvent } from '../../../api/events.ts';
import { useSession } from '../../../api/session.ts';
import { ApiError } from '../../../api/errors.ts';
import { EVENTS_NS, api } from '../../../api/client.ts';
import { keys } from '../../../api/keys.ts';
import { currentSite } from '../../../api/site.ts';
import type { Event } from '../../../api/types.ts';
import { eventWithTextNames } from '../../../api/term-names.ts';
import { useT } from '../../../i18n/index.tsx';
import { useUi, type EditorTarget } from '../../../state/ui-store.ts';
import { canEditOthers, canPublish } from '../../session/permissions.ts';
import {
  EVENT_STATUSES,
  eventWrite,
  fieldErrors,
  formFromEvent,
  newEventForm,
  changedFields,
  type EventFormValues,
} from './event-form.ts';
import { DateTimeField } from './DateTimeField.tsx';
import { TimeZoneField } from './TimeZoneField.tsx';
import { RichTextField } from './RichTextField.tsx';
import { OrganizersPicker, TermPicker, VenuePicker } from './pickers.tsx';
import { ConflictDialog } from './ConflictDialog.tsx';
import { TranslationsDialog } from '../../translations/TranslationsDialog.tsx';

type Errors = Partial<Record<keyof EventFormValues | 'form', string>>;

export default function EventEditor({ target }: { target: Extract<EditorTarget, { kind: 'event' }> }) {
  const t = useT();
  const session = useSession().data!;
  const close = useUi((state) => state.closeEditor);
  const loaded = useEvent(target.id);
  const pending = target.id !== null && loaded.isPending;
  // The event usually arrives within a few frames: until a wait is noticeable, no dialog at all
  // (a loading dialog would be drawn, then torn down and replaced by the form's own).
  const noticeable = useNoticeableWait(pending);
  if (pending) {
    if (!noticeable) return null;
    return (
      <Dialog title={t('editor.editTitle')} isOpen onClose={close} size="large">
        <Loading />
      </Dialog>
    );
  }
  // Only when nothing was loaded: a refetch that fails later (someone trashed the event while it
  // is open here) must not replace the form and lose what is being typed; the save will say so.
  if (target.id !== null && loaded.isError && loaded.data === undefined) {
    return (
      <Dialog title={t('editor.editTitle')} isOpen onClose={close} size="large">
        <ErrorMessage error={loaded.error} onRetry={() => void loaded.refetch()} />
      </Dialog>
    );
  }
  return (
    <EditorForm
      id={target.id}
      event={loaded.data?.event ?? null}
      etag={loaded.data?.etag ?? null}
      initial={loaded.data ? formFromEvent(loaded.data.event) : newEventForm(session.site.timezone, target.defaults)}
      onClose={close}
    />
  );
}

function EditorForm({
  id,
  event,
  etag: loadedEtag,
  initial: loadedInitial,
  onClose,
}: {
  id: number | null;
  event: Event | null;
  etag: string | null;
  initial: EventFormValues;
  onClose(): void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const session = useSession().data!;
  const client = useQueryClient();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  // The version this editor is based on: what it loaded, or what it took from a conflict.
  const [base, setBase] = useState({ initial: loadedInitial, etag: loadedEtag, resetKey: 0 });
  const [values, setValues] = useState(loadedInitial);
  const [errors, setErrors] = useState<Errors>({});
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [translating, setTranslating] = useState(false);
  const [conflict, setConflict] = useState<{ theirs: EventFormValues; etag: string | null } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useMemo(() => changedFields(base.initial, values).length > 0, [base.initial, values]);
  const saving = create.isPending || update.isPending;
  const publisher = canPublish(session);

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  // Server errors: the first invalid field takes the focus (its message is read with it).
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [errors]);

  const requestClose = () => (dirty ? setConfirmDiscard(true) : onClose());

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400) {
      const next = fieldErrors(error.params);
      if (Object.keys(next).length === 0) next.form = error.message;
      setErrors(next);
    } else setErrors({ form: errorText(error) });
  };

  /** Saves against `basis` (the version the change is based on: what was loaded, or theirs). */
  const save = async (
    basis: { initial: EventFormValues | null; etag: string | null },
    write = eventWrite(values, basis.initial),
  ) => {
    setErrors({});
    try {
      if (id === null) {
        const answer = await create.mutateAsync(write);
        notify(t('editor.created', { title: answer.data.title }));
      } else {
        const answer = await update.mutateAsync({ id, write, etag: basis.etag });
        notify(t('editor.saved', { title: answer.data.title }));
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.isConflict && id !== null) {
        // Read their version, then let the user choose.
        const theirs = await api.get<Event>(EVENTS_NS, `events/${id}`, { context: 'edit' });
        setConflict({ theirs: formFromEvent(eventWithTextNames(theirs.data)), etag: theirs.etag });
        return;
      }
      failed(error);
    }
  };

  const errorCount = Object.keys(errors).filter((key) => key !== 'form').length;
  const title = id === null ? t('editor.newTitle') : t('editor.editTitle');

  return (
    <Dialog
      title={title}
      isOpen
      onClose={requestClose}
      size="large"
      footer={
        <>
          {id !== null && (
            <Button variant="danger" className="footer-start" onPress={() => setConfirmDelete(true)}>
              {t('common.delete')}
            </Button>
          )}
          {id !== null && (
            <Button onPress={() => (dirty ? notify(t('translations.saveFirst')) : setTranslating(true))}>
              {t('translations.open')}
            </Button>
          )}
          <Button onPress={requestClose}>{t('common.cancel')}</Button>
          <Button variant="primary" isDisabled={saving} onPress={() => formRef.current?.requestSubmit()}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <Form
        validationBehavior="aria"
        ref={formRef}
        className="editor-form"
        onSubmit={(submitEvent) => {
          submitEvent.preventDefault();
          void save(id === null ? { initial: null, etag: null } : base);
        }}
      >
        <div role="alert" className="form-errors" aria-live="assertive">
          {errorCount > 0 && <p>{t('common.fieldErrors', { count: errorCount })}</p>}
          {errors.form && <p>{errors.form}</p>}
        </div>
        <div className="editor-columns">
          <div className="editor-column">
            <TextField
              label={t('editor.title')}
              value={values.title}
              onChange={(v) => set('title', v)}
              error={errors.title}
              isRequired
              autoFocus
            />
            <fieldset className="group">
              <legend>{t('editor.sectionWhen')}</legend>
              <div className="field-row">
                <DateTimeField
                  label={t('editor.start')}
                  value={values.start}
                  onChange={(v) => set('start', v)}
                  allDay={values.allDay}
                  error={errors.start}
                />
                <DateTimeField
                  label={t('editor.end')}
                  value={values.end}
                  onChange={(v) => set('end', v)}
                  allDay={values.allDay}
                  error={errors.end}
                />
              </div>
              <Checkbox
                label={t('editor.allDay')}
                value={values.allDay}
                onChange={(allDay) =>
                  setValues((current) => ({
                    ...current,
                    allDay,
                    start: allDay ? current.start.slice(0, 10) : `${current.start.slice(0, 10)} 09:00`,
                    end: allDay ? current.end.slice(0, 10) : `${current.end.slice(0, 10)} 10:00`,
                  }))
                }
              />
              {errors.allDay && <p className="field-error">{errors.allDay}</p>}
              <TimeZoneField value={values.timezone} onChange={(v) => set('timezone', v)} error={errors.timezone} />
            </fieldset>
            <RichTextField
              label={t('editor.description')}
              value={values.description}
              onChange={(v) => set('description', v)}
              error={errors.description}
              resetKey={base.resetKey}
            />
            <TextField
              label={t('editor.excerpt')}
              value={values.excerpt}
              onChange={(v) => set('excerpt', v)}
              error={errors.excerpt}
              multiline
            />
          </div>
          <div className="editor-column">
            <fieldset className="group">
              <legend>{t('editor.sectionWhere')}</legend>
              <VenuePicker value={values.venue} onChange={(v) => set('venue', v)} error={errors.venue} />
              <OrganizersPicker
                value={values.organizers}
                onChange={(v) => set('organizers', v)}
                error={errors.organizers}
              />
              <TermPicker
                taxonomy="categories"
                value={values.categories}
                onChange={(v) => set('categories', v)}
                error={errors.categories}
                canCreate={publisher}
              />
              <TermPicker
                taxonomy="tags"
                value={values.tags}
                onChange={(v) => set('tags', v)}
                error={errors.tags}
                canCreate={canEditOthers(session)}
              />
            </fieldset>
            <fieldset className="group">
              <legend>{t('editor.sectionDetails')}</legend>
              <TextField
                label={t('editor.cost')}
                description={t('editor.costHelp')}
                value={values.cost}
                onChange={(v) => set('cost', v)}
                error={errors.cost}
              />
              <TextField
                label={t('editor.website')}
                value={values.website}
                onChange={(v) => set('website', v)}
                error={errors.website}
                type="url"
              />
              <TextField
                label={t('editor.image')}
                value={values.image}
                onChange={(v) => set('image', v)}
                error={errors.image}
                type="url"
              />
              <div className="checkbox-grid">
                <Checkbox label={t('editor.featured')} value={values.featured} onChange={(v) => set('featured', v)} />
                <Checkbox label={t('editor.sticky')} value={values.sticky} onChange={(v) => set('sticky', v)} />
                <Checkbox
                  label={t('editor.hideFromListings')}
                  value={values.hideFromListings}
                  onChange={(v) => set('hideFromListings', v)}
                />
                <Checkbox label={t('editor.showMap')} value={values.showMap} onChange={(v) => set('showMap', v)} />
                <Checkbox
                  label={t('editor.showMapLink')}
                  value={values.showMapLink}
                  onChange={(v) => set('showMapLink', v)}
                />
              </div>
            </fieldset>
            <fieldset className="group">
              <legend>{t('editor.sectionPublishing')}</legend>
              <SelectField
                label={t('editor.status')}
                value={values.status}
                onChange={(v) => set('status', v)}
                error={errors.status}
                options={EVENT_STATUSES.filter(
                  (status) => publisher || status === 'draft' || status === 'pending' || status === values.status,
                ).map((status) => ({
                  id: status,
                  label: t(`status.${status}`),
                }))}
              />
              <TextField
                label={t('editor.password')}
                description={id === null ? t('editor.passwordHelp') : t('editor.passwordKeep')}
                value={values.password}
                onChange={(v) => set('password', v)}
                error={errors.password}
                type="password"
              />
            </fieldset>
          </div>
        </div>
        {/* Enter in a text field saves, as in any form. */}
        <button type="submit" hidden tabIndex={-1} />
      </Form>
      <ConfirmDialog
        isOpen={confirmDiscard}
        title={t('common.unsavedTitle')}
        body={t('common.unsavedBody')}
        confirmLabel={t('common.discard')}
        cancelLabel={t('common.keepEditing')}
        danger
        onConfirm={onClose}
        onCancel={() => setConfirmDiscard(false)}
      />
      <ConfirmDialog
        isOpen={confirmDelete}
        title={t('editor.deleteConfirmTitle')}
        body={t('editor.deleteConfirmBody', { title: event?.title ?? values.title })}
        confirmLabel={t('common.delete')}
        danger
        onConfirm={() =>
          remove.mutate(
            { id: id!, etag: base.etag },
            {
              onSuccess: () => {
                notify(t('editor.trashed', { title: event?.title ?? values.title }));
                onClose();
              },
              onError: (error) => {
                setConfirmDelete(false);
                failed(error);
              },
            },
          )
        }
        onCancel={() => setConfirmDelete(false)}
      />
      {translating && id !== null && (
        <TranslationsDialog
          resource="events"
          id={id}
          base={{ title: base.initial.title, description: base.initial.description, excerpt: base.initial.excerpt }}
          etag={base.etag}
          onSaved={(etag) => setBase((current) => ({ ...current, etag }))}
          onClose={() => setTranslating(false)}
        />
      )}
      {conflict && (
        <ConflictDialog
          mine={values}
          theirs={conflict.theirs}
          changedByMe={changedFields(base.initial, values)}
          onKeepMine={() => {
            // Over their exact version (If-Match with their ETag): a third change still stops it.
            // My changes (against what I loaded), over their exact version: their other changes stay.
            const write = eventWrite(values, base.initial);
            setBase({ initial: conflict.theirs, etag: conflict.etag, resetKey: base.resetKey });
            setConflict(null);
            void save({ initial: conflict.theirs, etag: conflict.etag }, write);
          }}
          onTakeTheirs={() => {
            setBase({ initial: conflict.theirs, etag: conflict.etag, resetKey: base.resetKey + 1 });
            setValues(conflict.theirs);
            setConflict(null);
            void client.invalidateQueries({ queryKey: keys.events(currentSite()) });
          }}
          onCancel={() => setConflict(null)}
        />
      )}
    </Dialog>
  );
}
