// The website's changes written into Almanac: through the same operations every other writer uses
// (their checks, term counts, series exceptions, the change stream), as the install's
// administrator, inside the sync's transaction (which keeps them out of the outgoing queue:
// migration 0020's website_quiet).
import type { OperationContext } from '../operations/context.ts';
import type { EventWriteInput } from '../operations/events/writes.ts';
import { writeEvent } from '../operations/events/writes.ts';
import { trashOrDeleteEvent } from '../operations/events/access.ts';
import { insertLinked, prepareLinked, updateLinked, type LinkedWriteArgs } from '../operations/linked/writes.ts';
import { trashOrDeleteLinked } from '../operations/linked/access.ts';
import { createTerm, deleteTerm, prepareTermWrite, updateTerm } from '../operations/terms/writes.ts';
import { TAXONOMIES } from '../operations/terms/taxonomies.ts';
import { ParamErrors } from '../operations/errors.ts';
import { applyCommon, prepareCommon } from '../operations/posts/writes.ts';
import type { EventFields, Fields, OrganizerFields, SyncKind, TermFields, VenueFields } from './fields.ts';

/** The event write for these fields (some or all of them). */
export function eventInput(fields: Partial<EventFields>): EventWriteInput {
  const input: Record<string, unknown> = {};
  const copy = (from: keyof EventFields, to: string) => {
    if (fields[from] !== undefined) input[to] = fields[from];
  };
  copy('title', 'title');
  copy('description', 'description');
  copy('excerpt', 'excerpt');
  copy('status', 'status');
  if (fields.publish_at) input.date_utc = fields.publish_at;
  copy('start', 'start_date');
  copy('end', 'end_date');
  copy('all_day', 'all_day');
  copy('timezone', 'timezone');
  copy('cost', 'cost');
  copy('website', 'website');
  for (const flag of ['featured', 'sticky', 'hide_from_listings', 'show_map', 'show_map_link'] as const)
    copy(flag, flag);
  if (fields.venue !== undefined) input.venue = fields.venue ?? 0;
  if (fields.organizers !== undefined) input.organizer = fields.organizers;
  if (fields.categories !== undefined) input.categories = fields.categories;
  if (fields.tags !== undefined) input.tags = fields.tags;
  if (fields.image !== undefined) input.image = fields.image ?? 0;
  return input as EventWriteInput;
}

function linkedInput(kind: 'venue' | 'organizer', fields: Partial<VenueFields & OrganizerFields>): LinkedWriteArgs {
  const input: LinkedWriteArgs = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (name === 'name') input[kind] = value;
    else input[name] = value;
  }
  return input;
}

/** Creates the object here from the website's fields; returns its Almanac id. */
export function createLocal(ctx: OperationContext, kind: SyncKind, fields: Fields): number {
  if (kind === 'event') return writeEvent(ctx, eventInput(fields as EventFields));
  if (kind === 'venue' || kind === 'organizer') {
    const args = { ...linkedInput(kind, fields), status: 'publish' };
    const errors = new ParamErrors();
    const prepared = prepareLinked(ctx, kind, args, errors);
    errors.throwIfAny();
    return insertLinked(ctx, kind, args, prepared);
  }
  const r = TAXONOMIES[kind];
  const errors = new ParamErrors();
  const prepared = prepareTermWrite(ctx, r, termArgs(fields as TermFields), errors);
  errors.throwIfAny();
  return createTerm(ctx, r, prepared, undefined).id;
}

const termArgs = (fields: Partial<TermFields>) => {
  const args: Record<string, unknown> = {};
  if (fields.name !== undefined) args.name = fields.name;
  if (fields.description !== undefined) args.description = fields.description;
  if (fields.parent !== undefined) args.parent = fields.parent;
  return args;
};

/** Writes the changed fields onto the object here; `restore` takes it out of the trash too. */
export function updateLocal(
  ctx: OperationContext,
  kind: SyncKind,
  id: number,
  fields: Fields,
  options: { restore?: boolean } = {},
): void {
  if (kind === 'event') {
    const current = ctx.store.posts.get(ctx.site.id, id);
    if (!current) return;
    const input = eventInput(fields as Partial<EventFields>);
    // A restore names a status, as an untrash on the website does.
    if (options.restore && input.status === undefined) input.status = current.trashed_status ?? 'draft';
    if (Object.keys(input).length > 0) writeEvent(ctx, input, current);
    return;
  }
  if (kind === 'venue' || kind === 'organizer') {
    const current = ctx.store.posts.get(ctx.site.id, id);
    if (!current) return;
    const args = linkedInput(kind, fields);
    if (options.restore) args.status = current.trashed_status ?? 'publish';
    const errors = new ParamErrors();
    const prepared = prepareLinked(ctx, kind, args, errors);
    errors.throwIfAny();
    updateLinked(ctx, kind, current, args, prepared);
    return;
  }
  const current = ctx.store.terms.get(ctx.site.id, id);
  if (!current) return;
  const r = TAXONOMIES[kind];
  const errors = new ParamErrors();
  const prepared = prepareTermWrite(ctx, r, termArgs(fields as Partial<TermFields>), errors);
  errors.throwIfAny();
  updateTerm(ctx, r, current, prepared, undefined);
}

/**
 * The website trashed or deleted it: here it goes to the trash (it can be restored; a term, which
 * has no trash, is deleted).
 */
export function removeLocal(ctx: OperationContext, kind: SyncKind, id: number): void {
  if (kind === 'category' || kind === 'tag') {
    const term = ctx.store.terms.get(ctx.site.id, id);
    if (term) deleteTerm(ctx, TAXONOMIES[kind], term);
    return;
  }
  const row = ctx.store.posts.get(ctx.site.id, id);
  if (!row || row.status === 'trash') return;
  if (kind === 'event') trashOrDeleteEvent(ctx, row, false);
  else trashOrDeleteLinked(ctx, row, false);
}

/**
 * Almanac's image record for a website image: the one with that address, or a new one (as an
 * event write given an image address makes it).
 */
export function localImageFor(ctx: OperationContext, url: string): number {
  const existing = ctx.store.posts.imageByUrl(ctx.site.id, url);
  if (existing) return existing.id;
  const errors = new ParamErrors();
  const prepared = prepareCommon(ctx, { image: url }, errors);
  errors.throwIfAny();
  const columns = applyCommon(ctx, {}, prepared, undefined);
  return columns.image_id!;
}
