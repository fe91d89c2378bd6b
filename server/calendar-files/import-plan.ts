// From what a calendar file holds (imported-event.ts) to events in the site: each event is
// matched by its UID (what an earlier import created, or an event of this very calendar in its
// own export), checked exactly as the API checks a write (the event operations'
// prepareEventWrite and authorizeEventWrite), and — unless this is a preview — written, all of
// them in one transaction: the import happens whole or not at all.
import type { OperationContext } from '../operations/context.ts';
import { ParamErrors } from '../operations/errors.ts';
import type { PostRow } from '../db/repositories/posts.ts';
import {
  applyEventWrite,
  authorizeEventWrite,
  prepareEventWrite,
  type EventWriteInput,
  type PreparedEventWrite,
} from '../operations/events/writes.ts';
import type { ImportedEvent, ImportedEvents, ImportSkip, ImportWarning, ReadCalendarFile } from './imported-event.ts';
import { termName } from '../domain/html.ts';
import {
  MAX_LISTED,
  type CsvColumns,
  type ImportSummary,
  type NoteParams,
  type PlannedEvent,
} from '../../contract/app/import-summary.ts';
import { RelatedItems, type Picks } from './import-related.ts';
import { LookupMemo } from '../operations/lookup-memo.ts';
import { endSeries, firstOfSeries, importSeries } from './series-import.ts';
import { rememberLocation } from './location-texts.ts';

export { MAX_LISTED };

/** `{id}-{calendarKey}@almanac`: an event of this calendar, exported and brought back. */
function ownEventId(uid: string, calendarKey: string): number | undefined {
  const match = /^(\d+)-(.+)@almanac$/.exec(uid);
  return match && match[2] === calendarKey ? Number(match[1]) : undefined;
}

/** The event a UID names in this site, if any. */
export function existing(ctx: OperationContext, uid: string, calendarKey: string): PostRow | undefined {
  const id = ctx.store.importUids.postOf(ctx.site.id, uid) ?? ownEventId(uid, calendarKey);
  const row = id === undefined ? undefined : ctx.store.posts.get(ctx.site.id, id);
  return row?.type === 'event' ? row : undefined;
}

/** Addresses of this machine: an event page of some Almanac, not the event's own website. */
function isLocalPage(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The API write an imported event amounts to (CalDAV's PUT makes the same one: caldav/object-writes.ts). */
export function writeOf(event: ImportedEvent, isNew: boolean): EventWriteInput {
  const input: EventWriteInput = {
    title: event.title,
    description: event.description,
    start_date: event.start,
    end_date: event.end,
    timezone: event.timezone,
    all_day: event.allDay,
    website: event.website && !isLocalPage(event.website) ? event.website : '',
    venue: event.venue
      ? {
          venue: event.venue.name,
          address: event.venue.address,
          city: event.venue.city,
          state: event.venue.state,
          zip: event.venue.zip,
          country: event.venue.country,
          phone: event.venue.phone,
          website: event.venue.website,
          geo_lat: event.venue.latitude,
          geo_lng: event.venue.longitude,
        }
      : [],
    organizer: event.organizers.map((o) => ({ organizer: o.name, email: o.email, phone: o.phone, website: o.website })),
    categories: event.categories,
    tags: event.tags,
  };
  if (event.excerpt !== undefined) input.excerpt = event.excerpt;
  if (event.cost !== undefined) input.cost = event.cost;
  if (event.featured !== undefined) input.featured = event.featured;
  if (event.hideFromListings !== undefined) input.hide_from_listings = event.hideFromListings;
  // A new event takes the file's status; an update keeps what the organizer chose since.
  if (isNew) input.status = event.status ?? 'publish';
  // Fields a file left empty are not written as empty strings (an organizer's e-mail "").
  for (const link of [input.venue, ...(input.organizer as object[])])
    if (link && typeof link === 'object')
      for (const [key, value] of Object.entries(link))
        if (value === undefined || value === '') delete (link as Record<string, unknown>)[key];
  return input;
}

/**
 * What this import already resolved: a venue, organizer or term named again by a later event is
 * linked by id, without parsing, matching and looking it up again (a series of 500 meetings in
 * one room resolves the room once). Filled only by a real import (a preview creates nothing).
 */
export class Resolved {
  private readonly ids = new Map<string, number>();

  key(kind: string, value: unknown): string {
    return `${kind}|${JSON.stringify(value)}`;
  }

  get(key: string): number | undefined {
    return this.ids.get(key);
  }

  /** After an event was written: the ids its venue, organizers and terms got. */
  learn(ctx: OperationContext, eventId: number, input: EventWriteInput, refs: WriteRefs): void {
    const siteId = ctx.site.id;
    const unknownTerms = [...((input.categories as unknown[]) ?? []), ...((input.tags as unknown[]) ?? [])].some(
      (name) => typeof name === 'string',
    );
    if (!refs.venue && !refs.organizers.some(Boolean) && !unknownTerms) return; // all known already
    const [venue] = refs.venue ? ctx.store.posts.links(siteId, eventId, 'venue') : [];
    if (refs.venue && venue !== undefined) this.ids.set(refs.venue, venue);
    const organizers = refs.organizers.some(Boolean) ? ctx.store.posts.links(siteId, eventId, 'organizer') : [];
    // Organizers are linked in the order given, repeats dropped: the same positions.
    refs.organizers.forEach((key, index) => {
      if (key && organizers[index] !== undefined && organizers.length === refs.organizers.length)
        this.ids.set(key, organizers[index]!);
    });
    for (const [taxonomy, names] of [
      ['category', input.categories],
      ['tag', input.tags],
    ] as const) {
      for (const name of (names as unknown[]) ?? []) {
        if (typeof name !== 'string') continue;
        const term = ctx.store.terms.byName(siteId, taxonomy, termName(name) || name);
        if (term) this.ids.set(this.key(taxonomy, name), term.id);
      }
    }
  }
}

/** The cache keys of an event's inline venue and organizers ('' for those already ids). */
export interface WriteRefs {
  venue: string;
  organizers: string[];
}

/** Replaces what this import resolved before by its id. */
function useResolved(input: EventWriteInput, resolved: Resolved): WriteRefs {
  const refs: WriteRefs = { venue: '', organizers: [] };
  if (input.venue && typeof input.venue === 'object' && !Array.isArray(input.venue)) {
    const key = resolved.key('venue', input.venue);
    const id = resolved.get(key);
    if (id !== undefined) input.venue = id;
    else refs.venue = key;
  }
  input.organizer = (input.organizer as unknown[]).map((organizer) => {
    // An organizer already linked by id (one the site has) needs nothing resolved.
    if (typeof organizer !== 'object') {
      refs.organizers.push('');
      return organizer;
    }
    const key = resolved.key('organizer', organizer);
    const id = resolved.get(key);
    refs.organizers.push(id === undefined ? key : '');
    return id ?? organizer;
  });
  for (const [field, taxonomy] of [
    ['categories', 'category'],
    ['tags', 'tag'],
  ] as const) {
    input[field] = (input[field] as string[]).map((name) => resolved.get(resolved.key(taxonomy, name)) ?? name);
  }
  return refs;
}

/**
 * Links the event's venue and organizers to the site's own where they match (import-related.ts),
 * and notes what each link, category and tag will be, for the summary.
 */
function matchRelated(input: EventWriteInput, event: ImportedEvent, related: RelatedItems, picks: Picks): void {
  if (input.venue && typeof input.venue === 'object' && !Array.isArray(input.venue))
    input.venue = related.venue(input.venue as Record<string, unknown>, picks);
  input.organizer = (input.organizer as Record<string, unknown>[]).map((organizer) =>
    related.organizer(organizer, picks),
  );
  related.terms('categories', event.categories, picks);
  related.terms('tags', event.tags, picks);
}

/** Fields an event can do without: when only these are refused, the event is kept without them. */
const OPTIONAL_FIELDS = { website: '', venue: [], organizer: [], cost: undefined } as const;

/**
 * The readers leave out what they know the API refuses (a relative URL, an e-mail without domain);
 * should the API refuse an optional field for a reason they do not foresee, the event is still
 * imported, without that field, and a warning says so. Returns the warning, or null when a field
 * the event cannot do without was refused.
 */
function withoutRefused(input: EventWriteInput, errors: ParamErrors, event: ImportedEvent): ImportWarning | null {
  const refused = Object.keys(OPTIONAL_FIELDS).filter((field) => errors.has(field));
  if (refused.length === 0 || refused.length !== errors.size) return null;
  for (const field of refused) {
    const empty = OPTIONAL_FIELDS[field as keyof typeof OPTIONAL_FIELDS];
    if (empty === undefined) delete input[field as keyof EventWriteInput];
    else (input as Record<string, unknown>)[field] = empty;
  }
  const fields = refused.join(', ');
  return {
    line: event.line,
    code: 'field_dropped',
    message: `${errors.messages().join(' ')} The event is imported without its ${fields}.`,
    params: { fields, detail: errors.messages().join(' ') },
  };
}

/** What an import resolves and counts across its events. */
export interface ImportLinks {
  related: RelatedItems;
  resolved: Resolved;
}

/** An imported event's write, checked as the API checks it; `prepared` is absent when it is refused. */
export interface CheckedWrite {
  input: EventWriteInput;
  prepared?: PreparedEventWrite;
  /** The related items the write names (counted once it is kept: links.related.count). */
  picks: Picks;
  refs: WriteRefs;
  /** A field left out because the API refused it (a warning for the summary). */
  dropped: ImportWarning | null;
  /** The API's messages when refused. */
  errors: string[];
}

/**
 * `input` (writeOf `event`) linked to what the site and this import already have, and checked as
 * the API checks a write of `current` (undefined: a new event). Optional fields the API refuses are
 * dropped with a warning, as for any imported event.
 */
export function checkedWrite(
  ctx: OperationContext,
  event: ImportedEvent,
  input: EventWriteInput,
  current: PostRow | undefined,
  links: ImportLinks,
): CheckedWrite {
  const picks: Picks = [];
  matchRelated(input, event, links.related, picks);
  const refs = useResolved(input, links.resolved);
  let errors = new ParamErrors();
  let prepared = prepareEventWrite(ctx, input, current, errors);
  const dropped = errors.size > 0 ? withoutRefused(input, errors, event) : null;
  if (dropped) {
    // What was dropped is no longer linked: its picks do not count.
    const kept = picks.filter(
      (pick) =>
        !(pick.kind === 'venues' && Array.isArray(input.venue)) &&
        !(pick.kind === 'organizers' && (input.organizer as unknown[]).length === 0),
    );
    picks.splice(0, picks.length, ...kept);
    errors = new ParamErrors();
    prepared = prepareEventWrite(ctx, input, current, errors);
  }
  if (errors.size > 0) return { input, picks, refs, dropped, errors: errors.messages() };
  return { input, prepared, picks, refs, dropped, errors: [] };
}

/**
 * Checks every event and, unless `dryRun`, writes each as soon as it is checked (nothing is kept
 * per event but the summary's first lines). Call it inside the request's (or the command's) write
 * transaction: a failure part-way rolls back everything.
 */
export function runImport(
  caller: OperationContext,
  file: ReadCalendarFile<ImportedEvents>,
  options: {
    dryRun: boolean;
    calendarKey: string;
    columns?: CsvColumns;
    /** Called before each event with how many were handled (an import job's progress, and where it may cancel). */
    onEvent?: (handled: number) => void;
  },
): ImportSummary {
  // The whole import runs in one transaction: the venues, organizers and terms it names again and
  // again are looked up once (lookup-memo.ts).
  const ctx: OperationContext = { ...caller, memo: caller.memo ?? new LookupMemo() };
  const skipped: ImportSkip[] = [...file.skipped];
  const events: PlannedEvent[] = [];
  const seen = new Set<string>();
  const resolved = new Resolved();
  const related = new RelatedItems(ctx);
  const warnings: ImportWarning[] = [...file.warnings];
  // Repeating events first, as series: what they keep is not written again as single events.
  const repeating = importSeries(ctx, file, {
    dryRun: options.dryRun,
    calendarKey: options.calendarKey,
    links: { related, resolved },
    warnings,
    skipped,
  });
  let created = repeating.created;
  let updated = repeating.updated;
  let handled = 0;
  // The site's series UIDs, read once the series are written, as a first sieve: most events of a
  // file are new, and each new UID would otherwise be looked up as a series (firstOfSeries).
  let seriesUids: Set<string> | undefined;
  const mayBeSeries = (uid: string) => (seriesUids ??= new Set(ctx.store.series.uids(ctx.site.id))).has(uid);
  // One at a time: a big file's events are read back from its spill as they are planned.
  for (const event of chain(file.events, repeating.singles)) {
    // Progress counts the file's events (a series' own fall-back copies are not in its total).
    options.onEvent?.(Math.min(handled++, file.events.length));
    if (event.seriesUid !== undefined && repeating.kept.has(event.seriesUid)) continue;
    const skip = (code: string, reason: string, params?: NoteParams) =>
      skipped.push({ line: event.line, uid: event.uid, title: event.title, code, reason, ...(params && { params }) });
    if (seen.has(event.uid)) {
      skip('duplicate_uid', `UID ${event.uid} appears earlier in the file.`, { uid: event.uid, kind: 'uid' });
      continue;
    }
    seen.add(event.uid);
    const found = existing(ctx, event.uid, options.calendarKey);
    // A series of the site the file no longer repeats: its first occurrence, ended once checked.
    const ending =
      found || event.seriesUid !== undefined || !mayBeSeries(event.uid) ? undefined : firstOfSeries(ctx, event.uid);
    const current = found ?? ending;
    if (current?.status === 'trash') {
      skip('trashed', 'The event it updates is in the trash: restore it first to update it.', {});
      continue;
    }
    const checked = checkedWrite(ctx, event, writeOf(event, !current), current, { related, resolved });
    if (checked.dropped) warnings.push(checked.dropped);
    if (!checked.prepared) {
      skip('invalid', checked.errors.join(' '));
      continue;
    }
    const { input, picks, refs } = checked;
    let prepared = checked.prepared;
    // The caller's role, judged by the same rule as any write (the route asks for editors already).
    authorizeEventWrite(ctx, current, prepared);
    related.count(picks);
    let id = current?.id;
    if (!options.dryRun) {
      let target = current;
      if (ending) {
        // Only now that the event's write is known good: the series ends, the occurrence is an event.
        target = endSeries(ctx, ending);
        prepared = prepareEventWrite(ctx, input, target, new ParamErrors());
      }
      id = applyEventWrite(ctx, input, prepared, target);
      ctx.store.importUids.remember(ctx.site.id, event.uid, id, current === undefined);
      if (current || event.venue?.location) rememberLocation(ctx, [id], event.venue?.location);
      resolved.learn(ctx, id, input, refs);
      related.made(id, picks);
    }
    if (current) updated++;
    else created++;
    if (events.length < MAX_LISTED)
      events.push(
        Object.assign(
          { line: event.line, uid: event.uid, title: event.title, start: event.start, timezone: event.timezone },
          { action: current ? ('update' as const) : ('create' as const) },
          id === undefined ? {} : { id },
        ),
      );
  }
  options.onEvent?.(handled);
  return {
    dry_run: options.dryRun,
    kind: 'events',
    created,
    updated,
    skipped: skipped.length,
    events: [...repeating.planned, ...events].sort((a, b) => a.line - b.line).slice(0, MAX_LISTED),
    skipped_items: skipped.sort((a, b) => a.line - b.line),
    warnings: warnings.sort((a, b) => a.line - b.line),
    // A series with nothing in the reader's window is listed only when it is kept (else a skip says why).
    series: file.series.flatMap((series) => {
      const kept = repeating.lines.get(series.uid);
      return kept ? [kept] : series.instances > 0 ? [series] : [];
    }),
    related: related.result(),
    ...(options.columns ? { columns: options.columns } : {}),
  };
}

function* chain<T>(...lists: Iterable<T>[]): Generator<T, void, undefined> {
  for (const list of lists) yield* list;
}
