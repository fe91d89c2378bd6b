// The repeating events of a calendar file as series (issue 28): each one the reader handed on as a
// FileSeries becomes ONE series through writeSeriesDocument (operations/series/series-document.ts,
// as CalDAV writes one), matched by its UID — a re-import updates that series, never a second one.
//
// Checked before anything is written, with the series model's own checks (prepareSeriesCreate /
// prepareSeriesEdit), so a preview says exactly what an import does. What the model refuses — a
// sub-daily rule, a part it does not take, more occurrences within the horizon than a series may
// have — and what the reader already knows a series cannot hold (two RRULEs, RDATE periods, a rule
// too costly to work out) falls back to the reader's expansion into single events, with a
// `series_expanded` warning saying why. So does a series an earlier import (before series) made
// into single events: those are updated in place, never doubled by a new series.
import type { OperationContext } from '../operations/context.ts';
import { ParamErrors } from '../operations/errors.ts';
import type { PostRow } from '../db/repositories/posts.ts';
import type { SeriesRow } from '../db/repositories/series.ts';
import type { EventWriteInput } from '../operations/events/writes.ts';
import {
  seriesFromEvent,
  writeSeriesDocument,
  type SeriesDocument,
  type SeriesOverride,
  type SeriesWriteResult,
} from '../operations/series/series-document.ts';
import { writeEvent } from '../operations/events/writes.ts';
import { detachOccurrence } from '../operations/series/occurrences.ts';
import { trashSeries } from '../operations/series/series-removal.ts';
import { trashOrDeleteEvent } from '../operations/events/access.ts';
import {
  authorizeSeries,
  prepareSeriesCreate,
  prepareSeriesEdit,
  type PreparedSeries,
} from '../operations/series/series-writes.ts';
import { horizonFor } from '../operations/series/series-state.ts';
import { readRecurrenceRule, MAX_SERIES_HISTORY, MAX_SERIES_OCCURRENCES } from '../../contract/recurrence.ts';
import type { ExpandedSeries, NoteParams, PlannedEvent } from '../../contract/app/import-summary.ts';
import type {
  FileSeries,
  ImportedEvent,
  ImportedEvents,
  ImportSkip,
  ImportWarning,
  ReadCalendarFile,
} from './imported-event.ts';
import { RuleCostBudget } from './series-cost.ts';
import { rememberLocation } from './location-texts.ts';
import { MAX_FILE_INSTANCES } from './ics/expand-series.ts';
import {
  checkedWrite,
  existing as existingEvent,
  writeOf,
  type CheckedWrite,
  type ImportLinks,
} from './import-plan.ts';

/** The fields that place an occurrence: an override always carries them. */
const SCHEDULE = ['start_date', 'end_date', 'timezone', 'all_day'];

export interface SeriesImport {
  /** UIDs of the series written (or to be written) as series: their expanded events are not written. */
  kept: Set<string>;
  /** Overrides whose date the series does not have: written as the single events they are. */
  singles: ImportedEvent[];
  created: number;
  updated: number;
  /** Each series kept, for the summary's list (by the master's line). */
  planned: PlannedEvent[];
  /** The summary's series lines of the series kept, by UID. */
  lines: Map<string, ExpandedSeries>;
}

interface Env {
  dryRun: boolean;
  calendarKey: string;
  links: ImportLinks;
  warnings: ImportWarning[];
  skipped: ImportSkip[];
}

/** Why a file's series is imported as single events (the warning's `why` and what it names). */
interface Fallback {
  why: string;
  params?: NoteParams;
  detail?: string;
}

const REASONS: Record<string, string> = {
  rules: 'it has more than one rule (RRULE or EXRULE), which a series cannot hold',
  periods: 'some of its extra dates (RDATE) have their own length, which a series cannot hold',
  too_costly: 'its rule takes too long to work out from its start',
  rule: 'a series cannot repeat this way',
  too_many: `it would have more than ${MAX_SERIES_OCCURRENCES} occurrences within the series horizon`,
  history: `it would have more than ${MAX_SERIES_HISTORY} occurrences before today`,
  copies: 'an earlier import made its occurrences single events, which are updated instead',
  file_cap: `the file's series already make ${MAX_FILE_INSTANCES.toLocaleString('en-US')} events`,
  refused: 'the series cannot be saved',
};

function fallbackWarning(series: FileSeries, fallback: Fallback): ImportWarning {
  const detail = fallback.detail ? ` (${fallback.detail})` : '';
  return {
    line: series.line,
    code: 'series_expanded',
    message: `"${series.master.title}" is imported as single events, not as one series: ${REASONS[fallback.why] ?? fallback.why}${detail}.`,
    params: Object.assign({ title: series.master.title, why: fallback.why }, fallback.params),
  };
}

/** A series as a candidate row: what prepareSeriesCreate reads of the event it starts from. */
function candidateRow(schedule: { startLocal: string; endLocal: string; timezone: string; allDay: boolean }): PostRow {
  return {
    type: 'event',
    status: 'draft',
    series_id: null,
    start_local: schedule.startLocal,
    end_local: schedule.endLocal,
    timezone: schedule.timezone,
    all_day: schedule.allDay ? 1 : 0,
  } as PostRow;
}

/** Why the model refuses the series, from its collected problems. */
function refusal(series: FileSeries, errors: ParamErrors, ctx: OperationContext): Fallback {
  const reading = readRecurrenceRule(series.rule);
  if ('problems' in reading)
    return {
      why: 'rule',
      params: { part: reading.problems[0]?.part ?? 'RRULE' },
      detail: reading.problems.map((p) => p.message).join(' '),
    };
  const messages = errors.messages();
  if (messages.some((m) => m.includes(`more than ${MAX_SERIES_OCCURRENCES} occurrences`)))
    return { why: 'too_many', params: { max: MAX_SERIES_OCCURRENCES, months: ctx.site.seriesHorizonMonths } };
  if (messages.some((m) => m.includes(`more than ${MAX_SERIES_HISTORY} occurrences before today`)))
    return { why: 'history', params: { max: MAX_SERIES_HISTORY } };
  return { why: 'refused', params: { detail: messages.join(' ') }, detail: messages.join(' ') };
}

/** The write of an override: its schedule, and the fields in which it differs from the master. */
function overrideInput(master: EventWriteInput, own: EventWriteInput): EventWriteInput {
  const input: EventWriteInput = {};
  for (const [key, value] of Object.entries(own))
    if (SCHEDULE.includes(key) || JSON.stringify(value) !== JSON.stringify(master[key as keyof EventWriteInput]))
      (input as Record<string, unknown>)[key] = value;
  return input;
}

interface Checked {
  doc: SeriesDocument;
  prepared: PreparedSeries;
  existing?: SeriesRow;
  /** The single event with the series' UID that becomes its first occurrence. */
  single?: PostRow;
  /** Existing occurrences of an update (not in the trash). */
  live: number;
  master: CheckedWrite;
  /** Notes for the summary, once the series is kept. */
  warnings: ImportWarning[];
  skipped: ImportSkip[];
  /** Dates of moved occurrences past the horizon: excluded from the series, written as single events. */
  beyond: string[];
}

/** The series checked as the model checks it, or why it falls back to single events. */
function check(
  ctx: OperationContext,
  series: FileSeries,
  env: Env,
  expanded: Map<string, ImportedEvent[]>,
  cost: RuleCostBudget,
): Checked | Fallback {
  if (series.unfit) return { why: series.unfit };
  const siteId = ctx.site.id;
  const existing = ctx.store.series.byUid(siteId, series.uid);
  if (!existing) {
    // Single events of an earlier import of this series: updated in place, as before.
    for (const event of expanded.get(series.uid) ?? [])
      if (ctx.store.importUids.postOf(siteId, event.uid) !== undefined) return { why: 'copies' };
  }
  // A single event with this UID (an earlier import, before the event repeated): it becomes the
  // series' first occurrence, as CalDAV does when an event starts repeating — never a copy beside it.
  const found = existing ? undefined : existingEvent(ctx, series.uid, env.calendarKey);
  const single = found && found.status !== 'trash' && found.series_id === null ? found : undefined;
  const raw = writeOf(series.master, !existing && !single);
  const master = checkedWrite(ctx, series.master, structuredClone(raw), undefined, env.links);
  // Notes about the series' own fields, given only if it is kept (else its events give their own).
  const warnings: ImportWarning[] = master.dropped ? [master.dropped] : [];
  const skipped: ImportSkip[] = [];
  // Fields the API refuses: each expanded event is refused (and listed) the same way.
  if (!master.prepared?.schedule) return { why: 'refused', detail: master.errors.join(' ') };
  const { schedule } = master.prepared;
  const reading = readRecurrenceRule(series.rule);
  if ('problems' in reading) return refusal(series, new ParamErrors(), ctx);
  const through = horizonFor(ctx, schedule.startLocal.slice(0, 10));
  const limit = MAX_SERIES_HISTORY + MAX_SERIES_OCCURRENCES + 1;
  if (!cost.affords(series.rule, schedule.startLocal, schedule.allDay, through, limit)) return { why: 'too_costly' };
  const input = master.input;
  if (existing || single) delete input.status;

  const liveDates = new Set<string>();
  if (existing)
    for (const row of ctx.store.series.occurrences(siteId, existing.id))
      if (row.status !== 'trash' && row.recurrence !== null) liveDates.add(row.recurrence);
  const overrides: SeriesOverride[] = [];
  const exdates = new Set(series.exdates);
  const beyond: string[] = [];
  for (const override of series.overrides) {
    if (override.date > through && override.event && !override.cancelled) {
      // Past the horizon the series has no occurrence to change yet: the moved one is written as
      // the single event it is (below), and its date is excluded, or the horizon moving on would
      // add the original occurrence beside it.
      exdates.add(override.date);
      beyond.push(override.date);
      continue;
    }
    if (override.cancelled || !override.event) {
      // An occurrence the site has goes to the trash (as deleting it in Almanac does: it can come
      // back); a date without one is simply excluded.
      if (liveDates.has(override.date)) overrides.push({ date: override.date, input: {}, cancelled: true });
      else exdates.add(override.date);
      continue;
    }
    const own = overrideInput(raw, writeOf(override.event, false));
    // Its own status (a TENTATIVE occurrence of a confirmed series is a draft), when it differs.
    const status = writeOf(override.event, true).status;
    if (status !== writeOf(series.master, true).status) own.status = status;
    // Checked as a whole event (the master's fields with its own), written as its own fields only.
    const whole = Object.assign(structuredClone(raw), own);
    const checked = checkedWrite(ctx, override.event, whole, undefined, env.links);
    if (checked.dropped) warnings.push(checked.dropped);
    if (!checked.prepared) {
      skipped.push({
        line: override.event.line,
        uid: override.event.uid,
        title: override.event.title,
        code: 'invalid',
        reason: `${checked.errors.join(' ')} The occurrence keeps the series' fields.`,
      });
      continue;
    }
    const written: EventWriteInput = {};
    for (const key of Object.keys(own))
      (written as Record<string, unknown>)[key] = checked.input[key as keyof EventWriteInput];
    overrides.push({ date: override.date, input: written });
  }
  const doc: SeriesDocument = {
    uid: series.uid,
    master: input,
    rule: series.rule,
    rdates: series.rdates,
    exdates: [...exdates].sort(),
    overrides,
  };
  const errors = new ParamErrors();
  const prepared = existing
    ? prepareSeriesEdit(
        ctx,
        existing,
        { rule: doc.rule, rdates: doc.rdates, exdates: doc.exdates, changes: doc.master, include_detached: true },
        errors,
      )
    : prepareSeriesCreate(
        ctx,
        candidateRow(schedule),
        { rule: doc.rule, rdates: doc.rdates, exdates: doc.exdates },
        errors,
      );
  if (!prepared || errors.size > 0) return refusal(series, errors, ctx);
  const live = existing ? liveDates.size : single ? 1 : 0;
  return { doc, prepared, existing, single, live, master, warnings, skipped, beyond };
}

/**
 * Checks (and unless `dryRun` writes) each repeating event of the file as one series. Call it in
 * the import's transaction, before its single events.
 */
export function importSeries(ctx: OperationContext, file: ReadCalendarFile<ImportedEvents>, env: Env): SeriesImport {
  const result: SeriesImport = { kept: new Set(), singles: [], created: 0, updated: 0, planned: [], lines: new Map() };
  const cost = new RuleCostBudget();
  const expanded = new Map<string, ImportedEvent[]>();
  for (const event of file.events.ofSeries?.() ?? file.events)
    if (event.seriesUid !== undefined) {
      const list = expanded.get(event.seriesUid);
      if (list) list.push(event);
      else expanded.set(event.seriesUid, [event]);
    }
  let occurrencesLeft = MAX_FILE_INSTANCES;
  for (const series of file.repeating ?? []) {
    const existing = ctx.store.series.byUid(ctx.site.id, series.uid);
    if (existing?.status === 'trash') {
      result.kept.add(series.uid);
      env.skipped.push({
        line: series.line,
        uid: series.uid,
        title: series.master.title,
        code: 'trashed',
        reason: 'The series it updates is in the trash: restore it first to update it.',
        params: {},
      });
      continue;
    }
    let checked = check(ctx, series, env, expanded, cost);
    // A file's series make at most as many events as its expansions may (the reader's cap).
    if ('doc' in checked) {
      if (checked.prepared.slots.length > occurrencesLeft)
        checked = { why: 'file_cap', params: { max: MAX_FILE_INSTANCES } };
      else occurrencesLeft -= checked.prepared.slots.length;
    }
    let written: ReturnType<typeof writeSeriesDocument> | undefined;
    if ('doc' in checked && !env.dryRun) {
      const { doc, existing: current } = checked;
      try {
        // In a savepoint: should the write refuse what the check let through, nothing of it stays.
        const single = checked.single;
        written = ctx.store.db.transaction(() =>
          single ? eventToSeries(ctx, doc, single) : writeSeriesDocument(ctx, doc, current),
        )();
      } catch (error) {
        checked = { why: 'refused', detail: error instanceof Error ? error.message : String(error) };
      }
    }
    if (!('doc' in checked)) {
      env.warnings.push(fallbackWarning(series, checked));
      // Nothing of it in the reader's window: the note says plainly that it is left out.
      if (series.outsideWindow) env.skipped.push(series.outsideWindow);
      continue;
    }
    if (written) absorbEarlierSingles(ctx, series, checked, written.unmatched);
    result.kept.add(series.uid);
    env.warnings.push(...checked.warnings);
    env.skipped.push(...checked.skipped);
    env.links.related.count(checked.master.picks);
    // Later events naming the same venue, organizers or terms link to what the series' write made.
    if (written) {
      const occurrences = ctx.store.series.occurrences(ctx.site.id, written.series.id);
      rememberLocation(
        ctx,
        occurrences.map((row) => row.id),
        series.master.venue?.location,
      );
      env.links.resolved.learn(ctx, written.series.first_id, checked.master.input, checked.master.refs);
      env.links.related.made(written.series.first_id, checked.master.picks);
    }
    const occurrences = checked.prepared.slots.length;
    const updated = Math.min(checked.live, occurrences);
    result.updated += updated;
    result.created += occurrences - updated;
    const id = written?.series.id ?? checked.existing?.id;
    result.lines.set(series.uid, {
      uid: series.uid,
      title: series.master.title,
      line: series.line,
      instances: occurrences,
      truncated: checked.prepared.more,
      kept: true,
      action: checked.existing || checked.single ? 'update' : 'create',
      ...(id === undefined ? {} : { id }),
    });
    result.planned.push(
      Object.assign(
        {
          line: series.line,
          uid: series.uid,
          title: series.master.title,
          start: checked.prepared.shape.startLocal,
          timezone: checked.prepared.shape.timezone,
        },
        { action: checked.existing || checked.single ? ('update' as const) : ('create' as const) },
        written
          ? { id: written.series.first_id }
          : checked.existing
            ? { id: checked.existing.first_id }
            : checked.single
              ? { id: checked.single.id }
              : {},
      ),
    );
    // Overrides of dates the series does not have stay what calendars show: single events.
    const unmatched = new Set([...(written?.unmatched ?? unmatchedDates(checked)), ...checked.beyond]);
    for (const override of series.overrides)
      if (override.event && unmatched.has(override.date)) result.singles.push(override.event);
  }
  return result;
}

/**
 * A moved occurrence an earlier import wrote as a single event (its date was past the horizon
 * then) that the series now holds as its exception: the single event goes to the trash, or the
 * occurrence would be there twice.
 */
function absorbEarlierSingles(ctx: OperationContext, series: FileSeries, checked: Checked, unmatched: string[]): void {
  const away = new Set([...unmatched, ...checked.beyond]);
  for (const override of series.overrides) {
    if (!override.event || override.cancelled || away.has(override.date)) continue;
    const id = ctx.store.importUids.postOf(ctx.site.id, override.event.uid);
    const row = id === undefined ? undefined : ctx.store.posts.get(ctx.site.id, id);
    if (row?.type === 'event' && row.series_id === null && row.status !== 'trash') trashOrDeleteEvent(ctx, row, false);
  }
}

/** The single event `event` made the first occurrence of the series `doc` describes, its fields first. */
function eventToSeries(ctx: OperationContext, doc: SeriesDocument, event: PostRow): SeriesWriteResult {
  writeEvent(ctx, doc.master, event);
  return seriesFromEvent(ctx, ctx.store.posts.get(ctx.site.id, event.id)!, doc);
}

/**
 * A single event of the file whose UID is a series of the site (the file's event stopped
 * repeating): the series' first occurrence, which the event updates once endSeries has made it an
 * event of its own.
 */
export function firstOfSeries(ctx: OperationContext, uid: string): PostRow | undefined {
  const series = ctx.store.series.byUid(ctx.site.id, uid);
  if (!series || series.status === 'trash') return undefined;
  return ctx.store.posts.get(ctx.site.id, series.first_id);
}

/**
 * The series of `first` ends: that occurrence becomes an event of its own and the rest of the
 * series goes to the trash (whence it can be restored), as CalDAV does when an object stops
 * repeating. Returns the event as it is now.
 */
export function endSeries(ctx: OperationContext, first: PostRow): PostRow {
  const series = ctx.store.series.get(ctx.site.id, first.series_id!)!;
  authorizeSeries(ctx, first);
  detachOccurrence(ctx, first);
  trashSeries(ctx, ctx.store.series.get(ctx.site.id, series.id)!);
  return ctx.store.posts.get(ctx.site.id, first.id)!;
}

/** For a preview: the overrides whose date none of the series' slots has. */
function unmatchedDates(checked: Checked): string[] {
  const dates = new Set(checked.prepared.slots.map((slot) => slot.date));
  return (checked.doc.overrides ?? []).filter((o) => !o.cancelled && !dates.has(o.date)).map((o) => o.date);
}
