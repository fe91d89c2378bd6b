// The event editor: every field of the spec's event, in the editor shell (components/EditorShell)
// over the calendar or the list. Saves send the ETag the editor loaded as If-Match; a 412 opens the
// conflict dialog. Dates are read as typed, in the UI's locale, and End keeps the event's length
// when Start moves. A new event comes empty, from a quick-add slot, or as a copy (Duplicate).
// Repeat (features/series/): a new event with a rule is made, then made a series; an occurrence
// of a series asks "this event / this and following / all events" when saved or deleted.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../../components/Dialog.tsx';
import { EditorShell, useFormErrors } from '../../../components/EditorShell.tsx';
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
  EDITOR_FLAGS,
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
import { WebsiteMark } from '../../website/WebsiteMark.tsx';
import { TranslationsDialog } from '../../translations/TranslationsDialog.tsx';
import { useUndoableTrash } from '../use-undoable-trash.ts';
import { useCostText } from '../use-cost-text.ts';
import { withScheme } from '../../../components/web-address.ts';
import { useSeries, useSeriesOf, useSeriesWrite, type Series } from '../../../api/series.ts';
import { RepeatField } from '../../series/RepeatField.tsx';
import { ScopeDialog } from '../../series/ScopeDialog.tsx';
import { useSeriesUndo } from '../../series/use-series-undo.ts';
import { canonical, followStart } from '../../series/repeat-rule.ts';
import { seriesChangeFrom, type Scope } from '../../series/series-edits.ts';

export default function EventEditor({ target }: { target: Extract<EditorTarget, { kind: 'event' }> }) {
  const t = useT();
  const session = useSession().data!;
  const close = useUi((state) => state.closeEditor);
  // The event to edit, or the one a duplicate copies.
  const source = target.id ?? target.copyOf ?? null;
  const loaded = useEvent(source);
  // Whether it is an occurrence of a series, and that series (its rule): the form starts from it.
  const seriesOf = useSeriesOf(source);
  const series = useSeries(seriesOf.data);
  const pending =
    source !== null &&
    (loaded.isPending || seriesOf.isPending || (typeof seriesOf.data === 'number' && series.isPending));
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
      series={target.id !== null ? (series.data ?? null) : null}
      initialRule={series.data?.rule ?? ''}
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
  series,
  initialRule,
  onClose,
}: {
  id: number | null;
  title: string;
  event: Event | null;
  etag: string | null;
  initial: EventFormValues;
  /** The series this event is an occurrence of (null: a single event, or a new one). */
  series: Series | null;
  /** The repeat rule the form starts with (the series', or the copied event's series'). */
  initialRule: string;
  onClose(): void;
}) {
  const t = useT();
  const session = useSession().data!;
  const client = useQueryClient();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const trashWithUndo = useUndoableTrash();
  const seriesWrite = useSeriesWrite();
  const seriesUndo = useSeriesUndo();
  const errorText = useErrorText();
  // The rule as saved, and as edited; a message at Repeat when making the series failed.
  const [savedRule, setSavedRule] = useState(initialRule);
  const [rule, setRule] = useState(initialRule);
  const [repeatError, setRepeatError] = useState<string>();
  // A new event already made whose series step failed: the next Save updates it, never a second one.
  const [made, setMade] = useState<number | null>(null);
  // The scope question, while it is asked.
  const [asking, setAsking] = useState<{ mode: 'edit' | 'delete'; allowThis: boolean } | null>(null);
  const occurrence = id !== null && series !== null;
  const ruleChanged = canonical(rule) !== canonical(savedRule);
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
  const dirty = changedFields(base.initial, values).length > 0 || ruleChanged;
  const publisher = canPublish(session);
  const fieldError: Errors = errors.fields;

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const problem = (field: 'start' | 'end') => (next: DateProblem | null) =>
    setDates((current) =>
      current[field] === (next ?? undefined) ? current : { ...current, [field]: next ?? undefined },
    );

  /** Whether a date cannot be read (or is still a question): said at its field, nothing is sent. */
  const unreadDates = () => {
    const unread = (Object.entries(dates) as ['start' | 'end', DateProblem | undefined][]).filter(([, p]) => p);
    if (unread.length === 0) return false;
    setErrors({
      fields: Object.fromEntries(
        unread.map(([field, kind]) => [field, t(kind === 'ambiguous' ? 'editor.dateAnswer' : 'editor.dateUnread')]),
      ),
    });
    return true;
  };

  /** A failed series write: a problem with the rule shows at Repeat, the rest as any save's. */
  const failSeries = (error: unknown) => {
    if (error instanceof ApiError && (error.params.rule || error.params.RRULE)) {
      clear();
      setRepeatError(error.params.rule ?? error.params.RRULE);
    } else fail(error);
  };

  /** Saves against `basis` (the version the change is based on: what was loaded, or theirs). */
  const save = async (
    basis: { initial: EventFormValues | null; etag: string | null },
    write = eventWrite(values, basis.initial),
  ) => {
    if (unreadDates()) return;
    clear();
    setRepeatError(undefined);
    const target = id ?? made;
    let saved: number;
    try {
      if (target === null) {
        const answer = await create.mutateAsync(write);
        saved = answer.data.id;
        setMade(saved);
        setBase({ initial: values, etag: answer.etag, resetKey: base.resetKey });
      } else {
        saved = target;
        if (Object.keys(write).length > 0) {
          const answer = await update.mutateAsync({ id: target, write, etag: basis.etag });
          setBase({ initial: values, etag: answer.etag, resetKey: base.resetKey });
        }
      }
    } catch (error) {
      if (error instanceof ApiError && error.isConflict && id !== null) {
        // Read their version, then let the user choose.
        const theirs = await api.get<Event>(EVENTS_NS, `events/${id}`, { context: 'edit' });
        setConflict({ theirs: formFromEvent(eventWithTextNames(theirs.data)), etag: theirs.etag });
        return;
      }
      fail(error);
      return;
    }
    // A rule on an event that is no series yet: it becomes one. If that fails, the event is saved
    // and the form stays as it is, the reason at Repeat; Save again tries the series step again.
    if (!occurrence && rule !== '') {
      try {
        await seriesWrite.mutateAsync({ kind: 'create', event: saved, rule });
        setSavedRule(rule);
      } catch (error) {
        // The service's words about the rule itself when it names it; else why the step failed.
        const message = error instanceof ApiError && error.params.rule ? error.params.rule : errorText(error);
        setRepeatError(t('series.createFailed', { message }));
        return;
      }
    }
    notify(t(target === null ? 'editor.created' : 'editor.saved', { title: values.title }));
    onClose();
  };

  /**
   * "Does not repeat" chosen for an occurrence: it stays, a single event, and the series stops —
   * from here ("this and following") or altogether ("all events"); the other changes made here are
   * then its own (Undo puts all of it back).
   */
  const stopSeries = async (scope: Exclude<Scope, 'this'>) => {
    if (!series || id === null) return;
    try {
      const answer = await seriesWrite.mutateAsync({ kind: 'stop', id: series.id, occurrence: id, scope });
      const write = eventWrite(values, base.initial);
      if (Object.keys(write).length > 0) await update.mutateAsync({ id, write, etag: null });
      seriesUndo.announce(t('series.stopped', { title: values.title }), answer.undo);
      onClose();
    } catch (error) {
      failSeries(error);
    }
  };

  /** "This and following" or "All events": the series takes the change (with Undo). */
  const saveSeries = async (scope: Exclude<Scope, 'this'>, includeDetached: boolean) => {
    if (!series || id === null) return;
    clear();
    setRepeatError(undefined);
    if (rule === '') return stopSeries(scope);
    const change = seriesChangeFrom(
      scope,
      series,
      eventWrite(values, base.initial),
      { start: base.initial.start, end: base.initial.end, allDay: base.initial.allDay },
      { start: values.start, end: values.end, allDay: values.allDay },
      ruleChanged ? rule : undefined,
      includeDetached,
    );
    try {
      const answer = await seriesWrite.mutateAsync(
        scope === 'all'
          ? { kind: 'all', id: series.id, change }
          : { kind: 'following', id: series.id, occurrence: id, change },
      );
      seriesUndo.announce(t('series.changed', { title: values.title }), answer.undo);
      onClose();
    } catch (error) {
      failSeries(error);
    }
  };

  /** Save: an occurrence first asks which events the change is for. */
  const requestSave = () => {
    if (!occurrence)
      return void save(id === null ? { initial: made === null ? null : base.initial, etag: base.etag } : base);
    if (unreadDates()) return;
    if (changedFields(base.initial, values).length === 0 && !ruleChanged) return onClose();
    setAsking({ mode: 'edit', allowThis: !ruleChanged });
  };

  const answer = (scope: Scope, includeDetached: boolean) => {
    const mode = asking?.mode;
    setAsking(null);
    if (mode === 'edit') {
      if (scope === 'this') void save(base);
      else void saveSeries(scope, includeDetached);
      return;
    }
    if (id === null || !series) return;
    const title = event?.title ?? values.title;
    if (scope === 'this') {
      remove.mutateAsync({ id, etag: base.etag }).then(() => {
        trashWithUndo.announce(id, title, base.initial.status);
        onClose();
      }, fail);
      return;
    }
    seriesWrite
      .mutateAsync({ kind: 'delete', id: series.id, occurrence: scope === 'following' ? id : undefined })
      .then((done) => {
        seriesUndo.announce(t('series.deleted', { title }), done.undo);
        onClose();
      }, fail);
  };

  const eventTitle = event?.title ?? values.title;
  return (
    <EditorShell
      title={title}
      size="large"
      dirty={dirty}
      saving={create.isPending || update.isPending || seriesWrite.isPending}
      errors={errors}
      formClassName="editor-form"
      onSave={requestSave}
      askDelete={occurrence ? () => setAsking({ mode: 'delete', allowThis: true }) : undefined}
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
        <>
          {asking && (
            <ScopeDialog
              mode={asking.mode}
              allowThis={asking.allowThis}
              onChoose={answer}
              onCancel={() => setAsking(null)}
            />
          )}
          {conflict && (
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
          )}
        </>
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
          <WebsiteMark eventId={id} marks={['translations']} />
          <fieldset className="group">
            <legend>{t('editor.sectionWhen')}</legend>
            <div className="date-rows">
              <DateTimeField
                label={t('editor.start')}
                value={values.start}
                onChange={(start) => {
                  // A new event's Repeat choice follows its date (weekly on Tuesday → Wednesday).
                  if (!occurrence) setRule((current) => followStart(current, values.start, start));
                  setValues((current) => withStart(current, start));
                }}
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
            <RepeatField
              rule={rule}
              start={values.start}
              timezone={values.timezone}
              onChange={(next) => {
                setRule(next);
                setRepeatError(undefined);
              }}
              error={repeatError}
            />
            <WebsiteMark eventId={id} marks={['repeat_rule']} />
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
            <WebsiteMark eventId={id} marks={['currency_code', 'symbol_after_amount']} />
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
              {EDITOR_FLAGS.map((name) => (
                <Checkbox
                  key={name}
                  label={t(`editor.flag.${name}`)}
                  value={values[name]}
                  onChange={(v) => set(name, v)}
                />
              ))}
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
            <WebsiteMark eventId={id} marks={['password']} />
          </fieldset>
        </div>
      </div>
    </EditorShell>
  );
}
