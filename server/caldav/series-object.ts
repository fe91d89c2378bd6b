// A PUT of a repeating object (RRULE or RDATE, and RECURRENCE-ID exceptions): the whole series
// written through writeSeriesDocument (operations/series/series-document.ts), as the import does,
// with what a calendar app needs on top:
// - an update writes only what the app changed, compared with Almanac's own rendering (the HTML of
//   descriptions and the tags of every occurrence survive); an unchanged object writes nothing;
// - an exception the app dropped takes the series' fields again, and stays part of the series;
// - a date the app excluded (EXDATE) whose occurrence exists sends that occurrence to the trash, as
//   deleting one occurrence in Almanac does (its date is then excluded, and it can come back);
// - dates Almanac left out only for this caller (occurrences they may not see) are not excluded;
// - an event that starts repeating becomes the series' first occurrence (its id, tags, HTML kept),
//   and a series that stops repeating becomes its first occurrence alone, the rest to the trash.
import type { Store } from '../db/store.ts';
import type { PostRow } from '../db/repositories/posts.ts';
import type { SeriesRow } from '../db/repositories/series.ts';
import { ParamErrors } from '../operations/errors.ts';
import { applyEventWrite, prepareEventWrite, writeEvent } from '../operations/events/writes.ts';
import { seriesFromEvent, writeSeriesDocument, type SeriesOverride } from '../operations/series/series-document.ts';
import { authorizeSeries } from '../operations/series/series-writes.ts';
import { trashSeries } from '../operations/series/series-removal.ts';
import { detachOccurrence } from '../operations/series/occurrences.ts';
import { dateList } from '../operations/series/series-state.ts';
import { readRecurrenceRule, writeRecurrenceRule } from '../../contract/recurrence.ts';
import {
  readObject,
  type ReadObject,
  type ReadRecurrence,
  type ReadVevent,
  type SeriesResource,
} from './calendar-object.ts';
import {
  ALL_FIELDS,
  NON_SCHEDULE,
  changedFields,
  inputOf,
  pick,
  updateInput,
  withFields,
  type Field,
} from './object-fields.ts';
import { readOneObject, type CalendarScope, type ReadDavObject } from './scope.ts';

type Repeating = ReadObject & { recurrence: ReadRecurrence };

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((value, index) => value === [...b].sort()[index]);

/** A rule in Almanac's own spelling (parts in a fixed order), or the text when it cannot be read. */
function normalRule(text: string): string {
  const reading = readRecurrenceRule(text);
  return 'rule' in reading ? writeRecurrenceRule(reading.rule) : text;
}

/**
 * A series in the trash keeps its UID: a new object with that UID (an app putting back what it
 * deleted) frees it by renaming the trashed one's, which can still be restored as a series of its own.
 */
function freeUid(scope: CalendarScope, store: Store, uid: string): void {
  const held = store.series.byUid(scope.site.id, uid);
  if (held && held.status === 'trash')
    store.series.update(scope.site.id, held.id, { uid: `${uid}~trashed-${held.id}` });
}

/** Exceptions of a new series (or of an event that starts repeating): what each changes of the master. */
function newOverrides(scope: CalendarScope, store: Store, read: Repeating): SeriesOverride[] {
  return read.recurrence.overrides.map((override) =>
    override.cancelled || !override.event
      ? { date: override.date, input: {}, cancelled: true }
      : {
          date: override.date,
          input: pick(inputOf(scope, store, override as ReadVevent, false), [
            'schedule',
            ...changedFields(read, override as ReadVevent, NON_SCHEDULE),
          ]),
        },
  );
}

/** PUT of a new repeating object: a new series. Returns its id. */
export function createSeriesObject(scope: CalendarScope, store: Store, read: Repeating): number {
  freeUid(scope, store, read.uid);
  const { series } = writeSeriesDocument(scope.ctx, {
    uid: read.uid,
    master: inputOf(scope, store, read, true),
    rule: read.recurrence.rule,
    rdates: read.recurrence.rdates,
    exdates: read.recurrence.exdates,
    overrides: newOverrides(scope, store, read),
  });
  return series.id;
}

/** PUT of a repeating object over a single event: the event becomes the series' first occurrence. */
export function eventToSeries(
  scope: CalendarScope,
  store: Store,
  object: ReadDavObject,
  post: PostRow,
  read: Repeating,
): number {
  const ctx = scope.ctx;
  const siteId = scope.site.id;
  const changes = updateInput(scope, store, readObject(object.text, scope.site.timezone), read);
  if (Object.keys(changes).length > 0) writeEvent(ctx, changes, post);
  const event = store.posts.get(siteId, post.id)!;
  freeUid(scope, store, read.uid);
  const { series } = seriesFromEvent(ctx, event, {
    uid: read.uid,
    rule: read.recurrence.rule,
    rdates: read.recurrence.rdates,
    exdates: read.recurrence.exdates,
    overrides: newOverrides(scope, store, read),
  });
  return series.id;
}

/** PUT of a single event over a series: its first occurrence stays, as that event; the rest go to the trash. */
export function seriesToEvent(scope: CalendarScope, store: Store, object: ReadDavObject, read: ReadObject): number {
  const ctx = scope.ctx;
  const siteId = scope.site.id;
  const series = store.series.get(siteId, (object.ref as { id: number }).id)!;
  const first = store.posts.get(siteId, series.first_id);
  authorizeSeries(ctx, first);
  detachOccurrence(ctx, first!);
  trashSeries(ctx, store.series.get(siteId, series.id)!);
  // The first occurrence as a single event now, read as Almanac serves it, made what the app sent.
  const alone = readOneObject(scope, store, { kind: 'event', id: first!.id });
  if (alone) {
    const changes = updateInput(scope, store, readObject(alone.text, scope.site.timezone), read);
    if (Object.keys(changes).length > 0) writeEvent(ctx, changes, store.posts.get(siteId, first!.id));
  }
  // It keeps the object's UID, so the app finds its event again.
  store.importUids.remember(siteId, read.uid, first!.id);
  return first!.id;
}

/** PUT of a repeating object over a series: the series made what the app sent. */
export function updateSeriesObject(scope: CalendarScope, store: Store, object: ReadDavObject, read: Repeating): void {
  const ctx = scope.ctx;
  const siteId = scope.site.id;
  const data = (object.resource as { kind: 'series'; data: SeriesResource }).data;
  const series: SeriesRow = data.series;
  const before = readObject(object.text, scope.site.timezone);
  const was = before.recurrence!;
  const now = read.recurrence;
  const hidden = new Set(data.hidden);
  const masterChanges = changedFields(before, read);

  const live = new Map<string, PostRow>();
  for (const row of store.series.occurrences(siteId, series.id))
    if (row.status !== 'trash' && row.recurrence !== null) live.set(row.recurrence, row);
  const overrides: SeriesOverride[] = [];
  const cancelled = new Set<string>();
  const cancel = (date: string) => {
    if (cancelled.has(date) || !live.has(date)) return false;
    cancelled.add(date);
    overrides.push({ date, input: {}, cancelled: true });
    return true;
  };
  for (const override of now.overrides) if (override.cancelled) cancel(override.date);
  // Excluded since Almanac's version: an occurrence that exists goes to the trash (and can come back).
  const excludedBefore = new Set(was.exdates);
  const exdates: string[] = [];
  for (const date of now.exdates) {
    if (hidden.has(date)) continue; // left out for this caller only, not excluded
    if (!excludedBefore.has(date) && cancel(date)) continue;
    exdates.push(date);
  }

  // What an occurrence holds once the series' own changes reach it: its own fields (an exception's),
  // else the series', with the master's changes.
  const previous = new Map(was.overrides.map((override) => [override.date, override as ReadVevent]));
  const stateOf = (date: string): ReadVevent => {
    const own = previous.get(date);
    return own ? withFields(own, read, masterChanges) : read;
  };
  const exceptions = now.overrides.filter((override) => !override.cancelled && override.event) as (ReadVevent & {
    date: string;
  })[];
  for (const override of exceptions) {
    const fields: Field[] = ['schedule', ...changedFields(stateOf(override.date), override, NON_SCHEDULE)];
    overrides.push({ date: override.date, input: pick(inputOf(scope, store, override, false), fields) });
  }
  const ruleChanged = normalRule(was.rule) !== normalRule(now.rule);
  const storedExdates = dateList(series.exdates);

  // Nothing changed: the object stays exactly as it was (and so does its ETag).
  const unchanged =
    !ruleChanged &&
    masterChanges.length === 0 &&
    cancelled.size === 0 &&
    sameList(now.rdates, was.rdates) &&
    sameList(exdates, storedExdates) &&
    sameList(
      exceptions.map((e) => e.date),
      [...previous.keys()],
    ) &&
    exceptions.every((e) => changedFields(previous.get(e.date)!, e, ALL_FIELDS).length === 0);
  if (unchanged) {
    authorizeSeries(ctx, store.posts.get(siteId, series.first_id));
    return;
  }

  writeSeriesDocument(
    ctx,
    {
      uid: series.uid,
      master: pick(inputOf(scope, store, read, false), masterChanges),
      // The stored rule when the app's says the same (its UNTIL as Almanac wrote it: a UTC time).
      rule: ruleChanged ? now.rule : series.rule,
      rdates: now.rdates,
      exdates,
      overrides,
    },
    series,
  );

  // An exception the app dropped (neither kept, cancelled nor excluded): the series' fields again.
  const kept = new Set([...exceptions.map((e) => e.date), ...cancelled, ...exdates]);
  for (const [date, own] of previous) {
    if (kept.has(date)) continue;
    const row = store.series
      .occurrences(siteId, series.id)
      .find((r) => r.recurrence === date && r.status !== 'trash' && r.detached === 0);
    if (!row) continue;
    const fields = changedFields(withFields(own, read, masterChanges), read, NON_SCHEDULE);
    if (fields.length === 0) continue;
    const input = pick(inputOf(scope, store, read, false), fields);
    // The series' description as stored (its HTML), unless the app changed it for all.
    if (fields.includes('description') && !masterChanges.includes('description'))
      input.description = data.master.content;
    const errors = new ParamErrors();
    const prepared = prepareEventWrite(ctx, input, row, errors);
    errors.throwIfAny();
    applyEventWrite(ctx, input, prepared, row, { asSeries: true });
  }
}
