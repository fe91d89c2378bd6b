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
} from '../operations/events/writes.ts';
import type { ImportedEvent, ImportSkip, ReadCalendarFile } from './imported-event.ts';
import { termName } from '../domain/html.ts';
import type { CsvColumns, ImportSummary, NoteParams, PlannedEvent } from '../../contract/app/import-summary.ts';

/** How many events a summary lists one by one (a 10k-event file's preview stays small). */
export const MAX_LISTED = 500;

/** `{id}-{calendarKey}@almanac`: an event of this calendar, exported and brought back. */
function ownEventId(uid: string, calendarKey: string): number | undefined {
  const match = /^(\d+)-(.+)@almanac$/.exec(uid);
  return match && match[2] === calendarKey ? Number(match[1]) : undefined;
}

/** The event a UID names in this site, if any. */
function existing(ctx: OperationContext, uid: string, calendarKey: string): PostRow | undefined {
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
class Resolved {
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
interface WriteRefs {
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
  input.organizer = (input.organizer as object[]).map((organizer) => {
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
 * Checks every event and, unless `dryRun`, writes each as soon as it is checked (nothing is kept
 * per event but the summary's first lines). Call it inside the request's (or the command's) write
 * transaction: a failure part-way rolls back everything.
 */
export function runImport(
  ctx: OperationContext,
  file: ReadCalendarFile,
  options: { dryRun: boolean; calendarKey: string; columns?: CsvColumns },
): ImportSummary {
  const skipped: ImportSkip[] = [...file.skipped];
  const events: PlannedEvent[] = [];
  const seen = new Set<string>();
  const resolved = new Resolved();
  let created = 0;
  let updated = 0;
  for (const event of file.events) {
    const skip = (code: string, reason: string, params?: NoteParams) =>
      skipped.push({ line: event.line, uid: event.uid, title: event.title, code, reason, ...(params && { params }) });
    if (seen.has(event.uid)) {
      skip('duplicate_uid', `UID ${event.uid} appears earlier in the file.`, { uid: event.uid, kind: 'uid' });
      continue;
    }
    seen.add(event.uid);
    const current = existing(ctx, event.uid, options.calendarKey);
    if (current?.status === 'trash') {
      skip('trashed', 'The event it updates is in the trash: restore it first to update it.', {});
      continue;
    }
    const input = writeOf(event, !current);
    const refs = useResolved(input, resolved);
    const errors = new ParamErrors();
    const prepared = prepareEventWrite(ctx, input, current, errors);
    if (errors.size > 0) {
      skip('invalid', errors.messages().join(' '));
      continue;
    }
    // The caller's role, judged by the same rule as any write (the route asks for editors already).
    authorizeEventWrite(ctx, current, prepared);
    let id = current?.id;
    if (!options.dryRun) {
      id = applyEventWrite(ctx, input, prepared, current);
      ctx.store.importUids.remember(ctx.site.id, event.uid, id, current === undefined);
      resolved.learn(ctx, id, input, refs);
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
  return {
    dry_run: options.dryRun,
    kind: 'events',
    created,
    updated,
    skipped: skipped.length,
    events,
    skipped_items: skipped.sort((a, b) => a.line - b.line),
    warnings: file.warnings,
    series: file.series,
    ...(options.columns ? { columns: options.columns } : {}),
  };
}
