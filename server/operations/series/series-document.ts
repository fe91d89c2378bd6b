// A series as a calendar file or a calendar app holds it — one VEVENT with the rule (and its extra
// and excluded dates) plus one VEVENT per changed occurrence (RECURRENCE-ID) — written to the
// store as a whole: a new series, or the series with that UID made to match the document. The
// importer and CalDAV call this, so a series means the same from either.
//
// The document is the whole truth about the series: its master fields go to every occurrence (an
// occurrence changed on its own before, but not in the document any more, takes them again), each
// override to its occurrence (which becomes an exception), and a cancelled override excludes its
// date.
import type { OperationContext } from '../context.ts';
import { ParamErrors } from '../errors.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import type { SeriesRow } from '../../db/repositories/series.ts';
import {
  applyEventWrite,
  authorizeEventWrite,
  prepareEventWrite,
  writeEvent,
  type EventWriteInput,
} from '../events/writes.ts';
import { trashOrDeleteEvent } from '../events/access.ts';
import {
  authorizeSeries,
  createSeries,
  editSeries,
  prepareSeriesCreate,
  prepareSeriesEdit,
  type PreparedSeries,
} from './series-writes.ts';

export interface SeriesOverride {
  /** The occurrence's date in the series (its RECURRENCE-ID's local date). */
  date: string;
  /** Its own fields (what a VEVENT with RECURRENCE-ID carries), as an event write takes them. */
  input: EventWriteInput;
  /** STATUS:CANCELLED: the occurrence does not take place (its date is excluded). */
  cancelled?: boolean;
}

export interface SeriesDocument {
  uid: string;
  /** The first occurrence's fields and dates (DTSTART, DTEND, zone), as an event write takes them. */
  master: EventWriteInput;
  rule: string;
  rdates?: string[];
  exdates?: string[];
  overrides?: SeriesOverride[];
}

export interface SeriesWriteResult {
  series: SeriesRow;
  created: boolean;
  /** Overrides whose date the series does not have (left out). */
  unmatched: string[];
}

/** The refusal of collected problems (the caller's transaction rolls back). */
function refuse(errors: ParamErrors): never {
  errors.throwIfAny();
  throw new Error('refuse() without problems');
}

/**
 * Writes the document: a new series (its master becomes the first occurrence) or the series
 * `existing` made to match it. In the caller's transaction; throws an OperationError naming every
 * problem, and then nothing stays written.
 */
export function writeSeriesDocument(
  ctx: OperationContext,
  doc: SeriesDocument,
  existing?: SeriesRow,
): SeriesWriteResult {
  const errors = new ParamErrors();
  let series: SeriesRow;
  if (!existing) {
    const firstId = writeEvent(ctx, doc.master);
    series = createFrom(ctx, ctx.store.posts.get(ctx.site.id, firstId)!, doc);
  } else {
    const prepared = prepareSeriesEdit(
      ctx,
      existing,
      {
        rule: doc.rule,
        rdates: doc.rdates ?? [],
        exdates: doc.exdates ?? [],
        changes: doc.master,
      },
      errors,
      { resetDetached: true },
    );
    if (!prepared) refuse(errors);
    authorizeSeries(ctx, ctx.store.posts.get(ctx.site.id, existing.first_id));
    series = editSeries(ctx, existing, prepared as PreparedSeries);
  }
  const unmatched = applyOverrides(ctx, series, doc.overrides ?? []);
  return { series: ctx.store.series.get(ctx.site.id, series.id)!, created: !existing, unmatched };
}

/**
 * An existing single event made the first occurrence of the series `doc` describes (whatever of
 * the master's fields the caller wanted on it is written to it already): the series from it, then
 * its exceptions. The importer and CalDAV call this when an event starts repeating.
 */
export function seriesFromEvent(
  ctx: OperationContext,
  event: PostRow,
  doc: Omit<SeriesDocument, 'master'>,
): SeriesWriteResult {
  const series = createFrom(ctx, event, doc);
  const unmatched = applyOverrides(ctx, series, doc.overrides ?? []);
  return { series: ctx.store.series.get(ctx.site.id, series.id)!, created: true, unmatched };
}

/** A new series from its first occurrence `first`: the rule checked, the caller's right to it, the rest made. */
function createFrom(ctx: OperationContext, first: PostRow, doc: Omit<SeriesDocument, 'master'>): SeriesRow {
  const errors = new ParamErrors();
  const prepared = prepareSeriesCreate(
    ctx,
    first,
    { rule: doc.rule, rdates: doc.rdates, exdates: doc.exdates },
    errors,
  );
  if (!prepared) refuse(errors);
  errors.throwIfAny();
  authorizeSeries(ctx, first);
  return createSeries(ctx, first, prepared as PreparedSeries, doc.uid);
}

function applyOverrides(ctx: OperationContext, series: SeriesRow, overrides: SeriesOverride[]): string[] {
  if (overrides.length === 0) return [];
  const byDate = new Map<string, PostRow>();
  for (const row of ctx.store.series.occurrences(ctx.site.id, series.id))
    if (row.recurrence !== null) byDate.set(row.recurrence, row);
  const unmatched: string[] = [];
  for (const override of overrides) {
    const row = byDate.get(override.date);
    if (!row) {
      unmatched.push(override.date);
      continue;
    }
    if (override.cancelled) {
      if (row.status !== 'trash') trashOrDeleteEvent(ctx, row, false);
      continue;
    }
    const errors = new ParamErrors();
    const prepared = prepareEventWrite(ctx, override.input, row, errors);
    errors.throwIfAny();
    authorizeEventWrite(ctx, row, prepared);
    // Written as "this event only": the occurrence becomes an exception.
    applyEventWrite(ctx, override.input, prepared, row);
  }
  return unmatched;
}
