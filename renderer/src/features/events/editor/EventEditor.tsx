// The event editor: every field of the spec's event, in the editor shell (components/EditorShell)
// over the calendar or the list. Saves send the ETag the editor loaded as If-Match; a 412 opens the
// conflict dialog. Dates are read as typed, in the UI's locale, and End keeps the event's length
// when Start moves. A new event comes empty, from a quick-add slot, or as a copy (Duplicate).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../../components/Dialog.tsx';
import { EditorShell, useFormErrors } from '../../../components/EditorShell.tsx';
import { Checkbox, SelectField, TextField } from '../../../components/Fields.tsx';
import { ErrorMessage, Loading, useNoticeableWait } from '../../../components/States.tsx';
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
  changedFields,
  duplicateForm,
  eventFieldOf,
  eventWrite,
  formFromEvent,
  hasPassword,
  newEventForm,
  withStart,
  type EventFieldName,
  type EventFormValues,
} from './event-form.ts';
import { DateTimeField, type DateProblem } from './DateTimeField.tsx';
import { TimeZoneField } from './TimeZoneField.tsx';
import { RichTextField } from './RichTextField.tsx';
import { OrganizersPicker, TermPicker, VenuePicker } from './pickers.tsx';
import { ConflictDialog } from './ConflictDialog.tsx';
import { TranslationsDialog } from '../../translations/TranslationsDialog.tsx';
import { useUndoableTrash } from '../use-undoable-trash.ts';
import { useCostText } from '../use-cost-text.ts';
import { withScheme } from '../../../components/web-address.ts';

export default function EventEditor({ target }: { target: Extract<EditorTarget, { kind: 'event' }> }) {
  const t = useT();
  const session = useSession().data!;
  const close = useUi((state) => state.closeEditor);
  // The event to edit, or the one a duplicate copies.
  const source = target.id ?? target.copyOf ?? null;
  const loaded = useEvent(source);
  const pending = source !== null && loaded.isPending;
  const title =
    target.id !== null ? t('editor.editTitle') : target.copyOf ? t('editor.duplicateTitle') : t('editor.newTitle');
  // The event usually arrives within a few frames: until a wait is noticeable, no dialog at all
  // (a loading dialog would be drawn, then torn down and replaced by the form's own).
  const noticeable = useNoticeableWait(pending);
  if (pending) {
    if (!noticeable) return null;
    return (
      <Dialog title={title} isOpen onClose={close} size="large">
        <Loading />
      </Dialog>
    );
  }
  // Only when nothing was loaded: a refetch that fails later (someone trashed the event while it
  // is open here) must not replace the form and lose what is being typed; the save will say so.
  if (source !== null && loaded.isError && loaded.data === undefined) {
    return (
      <Dialog title={title} isOpen onClose={close} size="large">
        <ErrorMessage error={loaded.error} onRetry={() => void loaded.refetch()} />
      </Dialog>
    );
  }
  const event = loaded.data?.event ?? null;
  const initial =
    target.id !== null && event
      ? formFromEvent(event)
      : target.copyOf && event
        ? duplicateForm(event, canPublish(session))
        : newEventForm(session.site.timezone, target.defaults);
  return (
    <EditorForm
      id={target.id}
      title={title}
      event={target.id !== null ? event : null}
      etag={target.id !== null ? (loaded.data?.etag ?? null) : null}
      initial={initial}
      onClose={close}
    />
  );
}

/** The controls that show a field's server message: each field's own, read from the form errors. */
type Errors = Partial<Record<EventFieldName, string>>;

function EditorForm({
  id,
  title,
  event,
  etag: loadedEtag,
  initial: loadedInitial,
  onClose,
}: {
  id: number | null;
  title: string;
  event: Event | null;
  etag: string | null;
  initial: EventFormValues;
  onClose(): void;
}) {
  const t = useT();
  const session = useSession().data!;
  const client = useQueryClient();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const trashWithUndo = useUndoableTrash();
  // The cost hint says how the site's currency shows a bare amount ("15 €" on a Berlin site).
  const costOf = useCostText();
  const costHelp = t('editor.costHelp', {
    example: costOf({ currency_symbol: '', currency_position: '', values: ['15'] }),
    range: costOf({ currency_symbol: '', currency_position: '', values: ['12', '22'] }),
  });
  // The version this editor is based on: what it loaded, or what it took from a conflict.
  const [base, setBase] = useState({ initial: loadedInitial, etag: loadedEtag, resetKey: 0 });
  const [values, setValues] = useState(loadedInitial);
  const { errors, setErrors, clear, fail } = useFormErrors(eventFieldOf);
  const [dates, setDates] = useState<Partial<Record<'start' | 'end', DateProblem>>>({});
  const [conflict, setConflict] = useState<{ theirs: EventFormValues; etag: string | null } | null>(null);
  // A new event (or a copy) is unsaved until it is saved: closing it asks once something is typed.
  const dirty = changedFields(base.initial, values).length > 0;
  const publisher = canPublish(session);
  const fieldError: Errors = errors.fields;

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const problem = (field: 'start' | 'end') => (next: DateProblem | null) =>
    setDates((current) =>
      current[field] === (next ?? undefined) ? current : { ...current, [field]: next ?? undefined },
    );

  /** Saves against `basis` (the version the change is based on: what was loaded, or theirs). */
  const save = async (
    basis: { initial: EventFormValues | null; etag: string | null },
    write = eventWrite(values, basis.initial),
  ) => {
    // A date that cannot be read (or is still a question) is never sent: it is said at its field.
    const unread = (Object.entries(dates) as ['start' | 'end', DateProblem | undefined][]).filter(([, p]) => p);
    if (unread.length > 0) {
      setErrors({
        fields: Object.fromEntries(
          unread.map(([field, kind]) => [field, t(kind === 'ambiguous' ? 'editor.dateAnswer' : 'editor.dateUnread')]),
        ),
      });
      return;
    }
    clear();
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
      fail(error);
    }
  };

  const eventTitle = event?.title ?? values.title;
  return (
    <EditorShell
      title={title}
      size="large"
      dirty={dirty}
      saving={create.isPending || update.isPending}
      errors={errors}
      formClassName="editor-form"
      onSave={() => void save(id === null ? { initial: null, etag: null } : base)}
      onClose={onClose}
      remove={
        id === null
          ? undefined
          : {
              title: t('editor.deleteConfirmTitle'),
              body: t('editor.deleteConfirmBody', { title: eventTitle }),
              run: () => remove.mutateAsync({ id, etag: base.etag }),
              done: () => trashWithUndo.announce(id, eventTitle, base.initial.status),
              onFailed: fail,
            }
      }
      translations={
        id === null
          ? undefined
          : (close) => (
              <TranslationsDialog
                resource="events"
                id={id}
                base={{
                  title: base.initial.title,
                  description: base.initial.description,
                  excerpt: base.initial.excerpt,
                }}
                etag={base.etag}
                onSaved={(etag) => setBase((current) => ({ ...current, etag }))}
                onClose={close}
              />
            )
      }
      overlays={
        conflict && (
          <ConflictDialog
            mine={values}
            theirs={conflict.theirs}
            changedByMe={changedFields(base.initial, values)}
            onKeepMine={() => {
              // My changes (against what I loaded), over their exact version (If-Match with their
              // ETag): their other changes stay, and a third change still stops it.
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
        )
      }
    >
      <div className="editor-columns">
        <div className="editor-column">
          <TextField
            label={t('editor.title')}
            value={values.title}
            onChange={(v) => set('title', v)}
            error={fieldError.title}
            isRequired
            autoFocus
          />
          <fieldset className="group">
            <legend>{t('editor.sectionWhen')}</legend>
            <div className="date-rows">
              <DateTimeField
                label={t('editor.start')}
                value={values.start}
                onChange={(start) => setValues((current) => withStart(current, start))}
                onProblem={problem('start')}
                allDay={values.allDay}
                error={fieldError.start}
              />
              <DateTimeField
                label={t('editor.end')}
                value={values.end}
                onChange={(v) => set('end', v)}
                onProblem={problem('end')}
                allDay={values.allDay}
                error={fieldError.end}
                lengthFrom={values.start}
                help={false}
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
            {fieldError.allDay && <p className="field-error">{fieldError.allDay}</p>}
            <TimeZoneField value={values.timezone} onChange={(v) => set('timezone', v)} error={fieldError.timezone} />
          </fieldset>
          <RichTextField
            label={t('editor.description')}
            value={values.description}
            onChange={(v) => set('description', v)}
            error={fieldError.description}
            resetKey={base.resetKey}
          />
          <TextField
            label={t('editor.excerpt')}
            value={values.excerpt}
            onChange={(v) => set('excerpt', v)}
            error={fieldError.excerpt}
            multiline
          />
        </div>
        <div className="editor-column">
          <fieldset className="group">
            <legend>{t('editor.sectionWhere')}</legend>
            <VenuePicker value={values.venue} onChange={(v) => set('venue', v)} error={fieldError.venue} />
            <OrganizersPicker
              value={values.organizers}
              onChange={(v) => set('organizers', v)}
              error={fieldError.organizers}
            />
            <TermPicker
              taxonomy="categories"
              value={values.categories}
              onChange={(v) => set('categories', v)}
              error={fieldError.categories}
              canCreate={publisher}
            />
            <TermPicker
              taxonomy="tags"
              value={values.tags}
              onChange={(v) => set('tags', v)}
              error={fieldError.tags}
              canCreate={canEditOthers(session)}
            />
          </fieldset>
          <fieldset className="group">
            <legend>{t('editor.sectionDetails')}</legend>
            <TextField
              label={t('editor.cost')}
              description={costHelp}
              value={values.cost}
              onChange={(v) => set('cost', v)}
              error={fieldError.cost}
            />
            <TextField
              label={t('editor.website')}
              value={values.website}
              onChange={(v) => set('website', v)}
              onBlur={() => set('website', withScheme(values.website))}
              error={fieldError.website}
              type="url"
            />
            <TextField
              label={t('editor.image')}
              value={values.image}
              onChange={(v) => set('image', v)}
              onBlur={() => set('image', withScheme(values.image))}
              error={fieldError.image}
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
              error={fieldError.status}
              options={EVENT_STATUSES.filter(
                (status) => publisher || status === 'draft' || status === 'pending' || status === values.status,
              ).map((status) => ({
                id: status,
                label: t(`status.${status}`),
              }))}
            />
            <TextField
              label={t('editor.password')}
              description={event && hasPassword(event) ? t('editor.passwordKeep') : t('editor.passwordHelp')}
              value={values.password}
              onChange={(v) => set('password', v)}
              error={fieldError.password}
              type="password"
            />
          </fieldset>
        </div>
      </div>
    </EditorShell>
  );
}
