// Creating and changing series, in the operations' phases: `prepare*` checks everything a caller
// sent (collecting every bad field, the rule's bad parts named), `authorizeSeries` the caller's
// role, and the rest writes in the caller's transaction. The REST routes (app-api/series), the
// importer and CalDAV call these; none of them touches occurrences directly.
//
// The scopes people choose from, as Google Calendar and Thunderbird offer them:
// - this event only: any event write to an occurrence (operations/events/, occurrence-hooks.ts);
// - this and following: splitSeries() — the series ends before that occurrence, a new one begins;
// - all events: editSeries() — fields and rule; occurrences changed on their own keep their changes
//   unless `includeDetached`: then they take the changed fields too, and a new time of day on
//   their own date (one moved to Wednesday stays on Wednesday, at the series' new time).
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { OperationContext } from '../context.ts';
import { OperationError, ParamErrors } from '../errors.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import type { SeriesRow } from '../../db/repositories/series.ts';
import { formatWall, toZone, utcWall } from '../../domain/dates.ts';
import { modifiedColumns, nowUtc } from '../posts/writes.ts';
import { assertMayEdit } from '../events/access.ts';
import { applyEventWrite, prepareEventWrite, type EventWriteInput, type PreparedEventWrite } from '../events/writes.ts';
import {
  MAX_SERIES_HISTORY,
  MAX_SERIES_OCCURRENCES,
  readRecurrenceRule,
  type RecurrenceRule,
} from '../../../contract/recurrence.ts';
import { writeRecurrenceRule } from '../../../contract/recurrence.ts';
import { slotOn, slotsOf, type SeriesShape, type Slot } from './slots.ts';
import { horizonFor, joinDates, shapeOf, templateOf, today } from './series-state.ts';
import { addOccurrences, deleteOccurrence, detachOccurrence, moveOccurrence, slotColumns } from './occurrences.ts';
import { refreshFirst } from './occurrence-hooks.ts';

/** What a caller may send to create or change a series (the API's names). */
export interface SeriesInput {
  rule?: string;
  rdates?: string[];
  exdates?: string[];
  /** Event fields for every occurrence ("all events"), as an event update takes them. */
  changes?: EventWriteInput;
  include_detached?: boolean;
}

export interface PreparedSeries {
  shape: SeriesShape;
  /** The changes other than the schedule, checked once for every occurrence. */
  fields?: { input: EventWriteInput; prepared: PreparedEventWrite };
  includeDetached: boolean;
  resetDetached: boolean;
  /** The slots within the horizon, and whether the rule goes on past it. */
  slots: Slot[];
  more: boolean;
  horizon: string;
}

const SCHEDULE_FIELDS = ['start_date', 'end_date', 'timezone', 'all_day'] as const;
const dateOf = (wall: string) => wall.slice(0, 10);

/** The local wall time at which an UNTIL value ends, in the series' zone. */
function untilLocal(until: string, timezone: string): string {
  if (!until.includes('T')) return `${until} 23:59:59`;
  return formatWall(DateTime.fromISO(until, { zone: 'utc' }).setZone(toZone(timezone)));
}

function validDate(date: string): boolean {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === date;
}

function ruleProblem(errors: ParamErrors, part: string, message: string): void {
  errors.add('rule', message, 'almanac_invalid_rule', { parts: [{ part, message }] });
}

/** The rule read and checked against the series' start; its problems named part by part. */
export function checkRule(
  text: string,
  startLocal: string,
  timezone: string,
  errors: ParamErrors,
): RecurrenceRule | undefined {
  const reading = readRecurrenceRule(text);
  if ('problems' in reading) {
    errors.add('rule', reading.problems.map((p) => p.message).join(' '), 'almanac_invalid_rule', {
      parts: reading.problems,
    });
    return undefined;
  }
  const { rule } = reading;
  if (rule.until !== undefined && untilLocal(rule.until, timezone) < startLocal) {
    ruleProblem(errors, 'UNTIL', `UNTIL (${rule.until}) is before the series starts (${startLocal}).`);
    return undefined;
  }
  return rule;
}

function checkDates(field: 'rdates' | 'exdates', dates: string[] | undefined, errors: ParamErrors): string[] {
  const bad = (dates ?? []).filter((date) => !validDate(date));
  if (bad.length > 0) errors.add(field, `${field} holds dates that do not exist: ${bad.slice(0, 3).join(', ')}.`);
  return [...new Set(dates ?? [])].sort();
}

/**
 * The slots of a shape through the horizon, or a problem on `rule` when there are too many: more
 * than MAX_SERIES_OCCURRENCES from today on (the present and future), or more than
 * MAX_SERIES_HISTORY before today. Counted apart, so that a long history never takes the place of
 * the present and future.
 */
function slotsWithin(ctx: OperationContext, shape: SeriesShape, errors: ParamErrors) {
  const through = horizonFor(ctx, dateOf(shape.startLocal));
  const limit = MAX_SERIES_HISTORY + MAX_SERIES_OCCURRENCES;
  const { slots, more } = slotsOf(shape, dateOf(shape.startLocal), through, limit + 1);
  // A start the rule does not give would be left out by other readers of the rule (dateutil
  // does; RFC 5545 leaves it undefined): the series starts at its first date instead.
  const first = slots[0];
  // (A start whose occurrence was deleted on its own is excluded, not left out by the rule.)
  if (first && first.date !== dateOf(shape.startLocal) && !shape.exdates.includes(dateOf(shape.startLocal))) {
    shape.startLocal = first.startLocal;
    shape.endLocal = first.endLocal;
  }
  const now = today(ctx);
  let past = slots.findIndex((slot) => slot.date >= now);
  if (past === -1) past = slots.length;
  if (slots.length - past > MAX_SERIES_OCCURRENCES || (slots.length > limit && past <= MAX_SERIES_HISTORY))
    ruleProblem(
      errors,
      'RRULE',
      `The rule makes more than ${MAX_SERIES_OCCURRENCES} occurrences within the next ${ctx.site.seriesHorizonMonths} months: repeat less often, or end it sooner.`,
    );
  else if (past > MAX_SERIES_HISTORY)
    ruleProblem(
      errors,
      'RRULE',
      `The rule makes more than ${MAX_SERIES_HISTORY} occurrences before today: start the series later.`,
    );
  return { slots: slots.slice(0, limit), more, horizon: through };
}

/** Checks a new series made of `event` (its first occurrence) and `input`. */
export function prepareSeriesCreate(
  ctx: OperationContext,
  event: PostRow | undefined,
  input: SeriesInput,
  errors: ParamErrors,
): PreparedSeries | undefined {
  if (!event || event.type !== 'event') {
    errors.add('event', 'event is not an existing event.');
    return undefined;
  }
  if (event.status === 'trash') errors.add('event', 'The event is in the trash: restore it first.');
  if (event.series_id !== null) errors.add('event', `The event already repeats (series ${event.series_id}).`);
  if (!event.start_local || !event.end_local || !event.timezone) {
    errors.add('event', 'The event has no dates to repeat.');
    return undefined;
  }
  const rule = checkRule(input.rule ?? '', event.start_local, event.timezone, errors);
  const rdates = checkDates('rdates', input.rdates, errors);
  const exdates = checkDates('exdates', input.exdates, errors);
  if (!rule || errors.size > 0) return undefined;
  const eventDate = dateOf(event.start_local);
  const shape: SeriesShape = {
    rule,
    startLocal: event.start_local,
    endLocal: event.end_local,
    allDay: event.all_day === 1,
    timezone: event.timezone,
    rdates,
    // The first occurrence is the event itself: its own date cannot be skipped.
    exdates: exdates.filter((date) => date !== eventDate),
  };
  // The event is the first occurrence even on a date the rule does not give: then that date is
  // named as an extra one, so every reader of the rule agrees it is part of the series.
  const bare = Object.assign({}, shape, { rdates: [], exdates: [] });
  if (slotsOf(bare, eventDate, eventDate, 1).slots.length === 0)
    shape.rdates = [...new Set([...rdates, eventDate])].sort();
  return Object.assign({ shape, includeDetached: false, resetDetached: false }, slotsWithin(ctx, shape, errors));
}

/** The caller must be able to edit the event the series starts from (or its first occurrence). */
export function authorizeSeries(ctx: OperationContext, first: PostRow | undefined): void {
  assertMayEdit(ctx, first);
}

function seriesColumns(prepared: PreparedSeries) {
  const { shape } = prepared;
  return {
    rule: writeRecurrenceRule(shape.rule),
    rdates: joinDates(shape.rdates),
    exdates: joinDates(shape.exdates),
    timezone: shape.timezone,
    start_local: shape.startLocal,
    end_local: shape.endLocal,
    all_day: shape.allDay ? 1 : 0,
    horizon: prepared.horizon,
    never_ends: prepared.more ? 1 : 0,
    modified_utc: utcWall(nowUtc()),
  };
}

/** Stores the series: the event becomes its first occurrence, the others are made from it. */
export function createSeries(ctx: OperationContext, event: PostRow, prepared: PreparedSeries, uid?: string): SeriesRow {
  const id = ctx.store.series.insert(
    ctx.site.id,
    Object.assign(seriesColumns(prepared), {
      first_id: event.id,
      uid: uid ?? `${randomUUID()}@almanac`,
      created_utc: utcWall(nowUtc()),
    }),
  );
  const series = ctx.store.series.get(ctx.site.id, id)!;
  const firstDate = dateOf(event.start_local!);
  ctx.store.posts.update(ctx.site.id, event.id, { series_id: id, recurrence: firstDate, parent: 0, detached: 0 });
  const current = ctx.store.posts.get(ctx.site.id, event.id)!;
  addOccurrences(
    ctx,
    series,
    current,
    prepared.slots.filter((slot) => slot.date !== firstDate),
    event.id,
  );
  refreshFirst(ctx, id);
  return ctx.store.series.get(ctx.site.id, id)!;
}

/**
 * Checks a change of the whole series: a new rule or dates, event fields for every occurrence
 * (start_date and end_date move the series' time and length, and its first date).
 */
export function prepareSeriesEdit(
  ctx: OperationContext,
  series: SeriesRow,
  input: SeriesInput,
  errors: ParamErrors,
  /**
   * Not the API's (a caller's input cannot ask for it): occurrences changed on their own go back
   * to being the series' own — its date, time and fields. A calendar document is the whole truth
   * about its series (series-document.ts), so an exception it no longer lists is one no more.
   */
  options: { resetDetached?: boolean } = {},
): PreparedSeries | undefined {
  if (series.status === 'trash') {
    errors.add('id', 'The series is in the trash: restore it first.');
    return undefined;
  }
  const current = shapeOf(series);
  const first = ctx.store.posts.get(ctx.site.id, series.first_id)!;
  const changes = input.changes ?? {};
  // The schedule is the series' own, whatever its first occurrence did on its own since.
  const asSeries = Object.assign({}, first, {
    start_local: series.start_local,
    end_local: series.end_local,
    timezone: series.timezone,
    all_day: series.all_day,
  });
  const schedule: EventWriteInput = {};
  const fields: EventWriteInput = {};
  for (const [name, value] of Object.entries(changes))
    ((SCHEDULE_FIELDS as readonly string[]).includes(name) ? schedule : fields)[name as keyof EventWriteInput] =
      value as never;
  const nested = new ParamErrors();
  const timed = prepareEventWrite(ctx, schedule, asSeries, nested);
  const prepared = Object.keys(fields).length > 0 ? prepareEventWrite(ctx, fields, first, nested) : undefined;
  // A bad event field is reported under `changes`, as the nested object it came in.
  for (const message of nested.messages()) errors.add('changes', message);
  const s = timed.schedule;
  const shape: SeriesShape = {
    rule: current.rule,
    startLocal: s?.startLocal ?? current.startLocal,
    endLocal: s?.endLocal ?? current.endLocal,
    allDay: s?.allDay ?? current.allDay,
    timezone: s?.timezone ?? current.timezone,
    rdates: input.rdates !== undefined ? checkDates('rdates', input.rdates, errors) : current.rdates,
    exdates: input.exdates !== undefined ? checkDates('exdates', input.exdates, errors) : current.exdates,
  };
  if (input.rule !== undefined) {
    const rule = checkRule(input.rule, shape.startLocal, shape.timezone, errors);
    if (rule) shape.rule = rule;
  } else if (
    s &&
    current.rule.until !== undefined &&
    untilLocal(current.rule.until, shape.timezone) < shape.startLocal
  ) {
    ruleProblem(errors, 'UNTIL', 'The new start is after the end of the series (its UNTIL): change the rule too.');
  }
  if (errors.size > 0) return undefined;
  // A series does not start on a date it excludes — unless its first occurrence was deleted on its
  // own (its date excluded since) and the start stays: an edit must not bring that one back.
  const startDate = dateOf(shape.startLocal);
  if (startDate !== dateOf(current.startLocal) || !current.exdates.includes(startDate))
    shape.exdates = shape.exdates.filter((date) => date !== startDate);
  return Object.assign(
    {
      shape,
      fields: prepared && { input: fields, prepared },
      includeDetached: input.include_detached === true,
      resetDetached: options.resetDetached === true,
    },
    slotsWithin(ctx, shape, errors),
  );
}

/** An occurrence back from the trash as the series' own (its status before, its slug back). */
function restoreOccurrence(ctx: OperationContext, row: PostRow): void {
  const input: EventWriteInput = { status: (row.trashed_status ?? 'draft') as EventWriteInput['status'] };
  const prepared = prepareEventWrite(ctx, input, row, new ParamErrors());
  applyEventWrite(ctx, input, prepared, row, { asSeries: true });
}

/** Applies `fields` to an occurrence as the series does (it stays part of the series). */
function applyFields(ctx: OperationContext, prepared: PreparedSeries, row: PostRow): void {
  if (!prepared.fields) return;
  applyEventWrite(ctx, prepared.fields.input, prepared.fields.prepared, row, { asSeries: true });
}

const wallMs = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`);

/**
 * An occurrence changed on its own, when "all events" is asked to change those too: it takes the
 * changed fields, and — if the series' time of day, length or zone changed — the new time on its
 * own date. It stays changed on its own (its date, and the fields not changed now, are its own).
 */
function changeDetached(ctx: OperationContext, prepared: PreparedSeries, series: SeriesRow, row: PostRow): void {
  applyFields(ctx, prepared, row);
  const shape = prepared.shape;
  const timeChanged =
    shape.startLocal.slice(11) !== series.start_local.slice(11) ||
    wallMs(shape.endLocal) - wallMs(shape.startLocal) !== wallMs(series.end_local) - wallMs(series.start_local) ||
    shape.timezone !== series.timezone ||
    shape.allDay !== (series.all_day === 1);
  if (!timeChanged || row.start_local === null) return;
  const own = slotOn(shape, row.start_local.slice(0, 10));
  ctx.store.posts.update(
    ctx.site.id,
    row.id,
    Object.assign(slotColumns(own, shape.timezone), modifiedColumns(ctx, nowUtc()), {
      recurrence: row.recurrence, // still the occurrence of that date of the series
      timezone: shape.timezone,
      all_day: shape.allDay ? 1 : 0,
    }),
  );
}

const sameTimes = (row: PostRow, slot: Slot) =>
  row.start_local === slot.startLocal && row.end_local === slot.endLocal && row.start_utc === slot.startUtc;

/**
 * "All events": the rule, dates, time and fields of every occurrence. Occurrences whose date the
 * rule still gives keep their id; ones it no longer gives are reused for the new dates, in order,
 * and the rest deleted — except those changed on their own, which stay as single events.
 */
export function editSeries(ctx: OperationContext, series: SeriesRow, prepared: PreparedSeries): SeriesRow {
  const occurrences = ctx.store.series.occurrences(ctx.site.id, series.id);
  const slotByDate = new Map(prepared.slots.map((slot) => [slot.date, slot]));
  const excluded = new Set(prepared.shape.exdates);
  const held = new Set<string>();
  const unmatched: PostRow[] = [];
  for (let row of occurrences) {
    if (row.status === 'trash') {
      held.add(row.recurrence ?? '');
      // Deleted on its own, and its date no longer excluded: the series has it again.
      if (row.recurrence === null || !slotByDate.has(row.recurrence)) continue;
      restoreOccurrence(ctx, row);
      row = ctx.store.posts.get(ctx.site.id, row.id)!;
    }
    const slot = row.recurrence === null ? undefined : slotByDate.get(row.recurrence);
    if (row.detached === 1 && !prepared.resetDetached) {
      if (slot) held.add(slot.date);
      if (prepared.includeDetached) changeDetached(ctx, prepared, series, row);
      if (!slot) detachOccurrence(ctx, row); // its date is gone from the series: it stays, on its own
      continue;
    }
    if (!slot) {
      unmatched.push(row);
      continue;
    }
    held.add(slot.date);
    applyFields(ctx, prepared, row);
    if (!sameTimes(row, slot) || row.timezone !== prepared.shape.timezone) moveOccurrence(ctx, row, slot, series);
    if (row.detached === 1) ctx.store.posts.update(ctx.site.id, row.id, { detached: 0 });
  }
  Object.assign(series, seriesColumns(prepared));
  ctx.store.series.update(ctx.site.id, series.id, seriesColumns(prepared));
  const missing = prepared.slots.filter((slot) => !held.has(slot.date));
  // A date the rule no longer gives: its occurrence moves to a new date (keeping its id) or goes.
  const reusable = unmatched.filter((row) => !excluded.has(row.recurrence ?? ''));
  let reused = 0;
  for (; reused < Math.min(reusable.length, missing.length); reused++) {
    const row = reusable[reused]!;
    applyFields(ctx, prepared, row);
    moveOccurrence(ctx, row, missing[reused]!, series);
  }
  for (const row of unmatched.filter((r) => !reusable.slice(0, reused).includes(r))) deleteOccurrence(ctx, row);
  const rest = missing.slice(reused);
  if (rest.length > 0) {
    const template = templateOf(ctx.store.series.occurrences(ctx.site.id, series.id), series);
    if (template) {
      const ids = addOccurrences(ctx, series, template, rest, series.first_id);
      // A template changed on its own does not carry the series' changes: give them to the new ones.
      if (template.detached === 1)
        for (const id of ids) applyFields(ctx, prepared, ctx.store.posts.get(ctx.site.id, id)!);
    }
  }
  refreshFirst(ctx, series.id);
  return ctx.store.series.get(ctx.site.id, series.id)!;
}

/** The day before a `YYYY-MM-DD` date. */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** How many dates the rule alone gives before `date` (what COUNT counts). */
function ruleDatesBefore(shape: SeriesShape, date: string): number {
  const bare = Object.assign({}, shape, { rdates: [], exdates: [] });
  return slotsOf(bare, dateOf(shape.startLocal), dayBefore(date), Number.MAX_SAFE_INTEGER).slots.length;
}

/**
 * "This and following": the series ends the day before `occurrence`; a new series starts there,
 * with its later occurrences, extra and excluded dates, and takes the changes. Returns it (or the
 * same series, changed whole, when `occurrence` is its first).
 */
export function splitSeries(
  ctx: OperationContext,
  series: SeriesRow,
  occurrence: PostRow,
  input: SeriesInput,
  errors: ParamErrors,
): SeriesRow | undefined {
  const date = occurrence.recurrence!;
  const occurrences = ctx.store.series.occurrences(ctx.site.id, series.id);
  const before = occurrences.filter((row) => (row.recurrence ?? '') < date && row.status !== 'trash');
  if (before.length === 0) {
    const prepared = prepareSeriesEdit(ctx, series, input, errors);
    return prepared && editSeries(ctx, series, prepared);
  }
  const shape = shapeOf(series);
  const oldRule: RecurrenceRule = Object.assign({}, shape.rule, { until: dayBefore(date), count: undefined });
  const laterRule: RecurrenceRule = Object.assign({}, shape.rule);
  if (shape.rule.count !== undefined) laterRule.count = Math.max(1, shape.rule.count - ruleDatesBefore(shape, date));
  // The new series begins at the occurrence's place in the rule, with the series' time and length.
  const lengthMs =
    Date.parse(series.end_local.replace(' ', 'T') + 'Z') - Date.parse(series.start_local.replace(' ', 'T') + 'Z');
  const startLocal = `${date} ${series.start_local.slice(11)}`;
  const endLocal = new Date(Date.parse(`${startLocal.replace(' ', 'T')}Z`) + lengthMs)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
  const laterId = ctx.store.series.insert(ctx.site.id, {
    first_id: occurrence.id,
    rule: writeRecurrenceRule(laterRule),
    rdates: joinDates(shape.rdates.filter((d) => d >= date)),
    exdates: joinDates(shape.exdates.filter((d) => d > date)),
    timezone: series.timezone,
    start_local: startLocal,
    end_local: endLocal,
    all_day: series.all_day,
    horizon: series.horizon,
    never_ends: series.never_ends,
    uid: `${randomUUID()}@almanac`,
    created_utc: utcWall(nowUtc()),
    modified_utc: utcWall(nowUtc()),
  });
  for (const row of occurrences)
    if ((row.recurrence ?? '') >= date) ctx.store.posts.update(ctx.site.id, row.id, { series_id: laterId });
  ctx.store.series.update(ctx.site.id, series.id, {
    rule: writeRecurrenceRule(oldRule),
    rdates: joinDates(shape.rdates.filter((d) => d < date)),
    exdates: joinDates(shape.exdates.filter((d) => d < date)),
    never_ends: 0,
    modified_utc: utcWall(nowUtc()),
  });
  refreshFirst(ctx, series.id);
  refreshFirst(ctx, laterId);
  const later = ctx.store.series.get(ctx.site.id, laterId)!;
  const prepared = prepareSeriesEdit(ctx, later, input, errors);
  if (!prepared) throw errorsOf(errors);
  return editSeries(ctx, later, prepared);
}

/** The collected problems as the operation's refusal (the caller's transaction rolls back). */
function errorsOf(errors: ParamErrors): OperationError {
  try {
    errors.throwIfAny();
  } catch (error) {
    return error as OperationError;
  }
  return new OperationError('invalid', 'rest_invalid_param', 'Invalid parameter(s).');
}
