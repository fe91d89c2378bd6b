// Write rules shared by events, venues and organizers: author, publication date, status,
// slug, featured image, password. `prepare*` runs in the validation phase (collecting 400s);
// `apply*` runs in the handler's transaction and returns the columns to store.
import { DateTime } from 'luxon';
import { OperationError, said } from '../errors.ts';
import type { OperationContext } from '../context.ts';
import type { ParamErrors } from '../errors.ts';
import type { PostColumns, PostRow, PostType } from '../../db/repositories/posts.ts';
import { formatWall, parseDateInput, toZone, utcWall } from '../../domain/dates.ts';
import { can, effectiveStatus } from '../../domain/roles.ts';
import { MAX_SLUG_LENGTH, sanitizeSlug, uniqueSlug } from '../../domain/slug.ts';
import { isStorable, OUT_OF_RANGE } from './storable-dates.ts';

export interface CommonWriteArgs {
  author?: number;
  date?: string | number;
  date_utc?: string | number;
  status?: string;
  image?: number | string;
  password?: string;
  slug?: string;
}

export interface PreparedCommon {
  author?: number;
  /** Publication date as a UTC instant. */
  published?: DateTime;
  image?: { remove: true } | { id: number } | { url: string };
}

export const nowUtc = () => DateTime.utc();

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Validation phase: every check that can fail with a 400 on these fields. */
export function prepareCommon(ctx: OperationContext, args: CommonWriteArgs, errors: ParamErrors): PreparedCommon {
  const prepared: PreparedCommon = {};
  if (typeof args.author === 'number') {
    const user = ctx.store.users.byId(args.author);
    if (!user || !ctx.store.users.roleOn(ctx.site.id, user)) errors.add('author', 'Invalid author ID.');
    else prepared.author = args.author;
  }
  // Stored both in the site's zone and in UTC: both must fit the storage format.
  if (args.date !== undefined) {
    const parsed = parseDateInput(args.date, ctx.site.timezone);
    if (!parsed) errors.add('date', said('not_a_date', 'date is not a valid date.'));
    else if (!isStorable(parsed.dateTime, ctx.site.timezone))
      errors.add('date', said('out_of_range', `date ${OUT_OF_RANGE}`));
    else prepared.published = parsed.dateTime.toUTC();
  }
  if (args.date_utc !== undefined) {
    const parsed = parseDateInput(args.date_utc, 'UTC');
    if (!parsed) errors.add('date_utc', 'date_utc is not a valid date.');
    else if (!isStorable(parsed.dateTime, ctx.site.timezone)) errors.add('date_utc', `date_utc ${OUT_OF_RANGE}`);
    else prepared.published = parsed.dateTime.toUTC();
  }
  if (args.image !== undefined) {
    const image = args.image;
    if (image === '' || image === 0) prepared.image = { remove: true };
    else if (typeof image === 'number' || /^\d+$/.test(String(image))) {
      const row = ctx.store.posts.get(ctx.site.id, Number(image));
      if (!row || row.type !== 'image') errors.add('image', `Image ${image} does not exist.`);
      else prepared.image = { id: row.id };
    } else if (isHttpUrl(String(image))) prepared.image = { url: String(image) };
    else errors.add('image', 'image must be the ID of a stored image or an http(s) URL.');
  }
  return prepared;
}

/** Checks that `author` may be set by this caller (contract §6: editors and up only, for others). */
export function checkAuthorPermission(ctx: OperationContext, prepared: PreparedCommon): void {
  if (prepared.author !== undefined && prepared.author !== ctx.actor?.userId && !can.assignAuthor(ctx.actor)) {
    throw new OperationError(
      'forbidden',
      'rest_cannot_edit_others',
      'Sorry, you are not allowed to set another author.',
    );
  }
}

function imageColumn(ctx: OperationContext, prepared: PreparedCommon, now: DateTime): number | null | undefined {
  const image = prepared.image;
  if (!image) return undefined;
  if ('remove' in image) return null;
  if ('id' in image) return image.id;
  // A URL is kept as given (no download); the same URL reuses its image record.
  const existing = ctx.store.posts.imageByUrl(ctx.site.id, image.url);
  if (existing) return existing.id;
  const id = ctx.store.sites.nextPostId(ctx.site.id);
  const name = decodeURIComponent(new URL(image.url).pathname.split('/').pop() ?? '') || 'image';
  ctx.store.posts.insert(
    ctx.site.id,
    id,
    'image',
    Object.assign(
      { author: ctx.actor?.userId ?? 0, status: 'publish', title: name, slug: sanitizeSlug(name), url: image.url },
      publicationColumns(ctx, now),
      modifiedColumns(ctx, now),
    ),
  );
  return id;
}

function publicationColumns(ctx: OperationContext, instant: DateTime): Pick<PostColumns, 'date_local' | 'date_utc'> {
  return { date_local: formatWall(instant.setZone(toZone(ctx.site.timezone))), date_utc: utcWall(instant) };
}

export function modifiedColumns(
  ctx: OperationContext,
  instant: DateTime,
): Pick<PostColumns, 'modified_local' | 'modified_utc'> {
  return {
    modified_local: formatWall(instant.setZone(toZone(ctx.site.timezone))),
    modified_utc: utcWall(instant),
  };
}

/** A unique slug for the type: the given one sanitized, else one made from the title. */
export function chooseSlug(
  ctx: OperationContext,
  type: PostType,
  given: string | undefined,
  title: string,
  selfId = 0,
) {
  const base = sanitizeSlug(given !== undefined && given !== '' ? given : title) || type;
  return uniqueSlug(
    base,
    (candidate) => ctx.store.posts.slugTaken(ctx.site.id, type, candidate, selfId),
    (prefix) => ctx.store.posts.slugSuffixesTaken(ctx.site.id, type, prefix, selfId),
  );
}

// Trash and slugs, as WordPress does (wp_add_trashed_suffix_to_post_name_for_post): a trashed
// post's slug becomes `<slug>__trashed` (made unique), which frees the slug for a new post with the
// same title; a restore asks for the slug back and gets it, or the next free one.
const TRASHED_SUFFIX = '__trashed';

/** The slug a post takes when it goes to the trash. */
export function trashedSlug(ctx: OperationContext, row: PostRow): string {
  if (row.slug === '' || row.slug.endsWith(TRASHED_SUFFIX)) return row.slug;
  const base = row.slug.slice(0, MAX_SLUG_LENGTH - TRASHED_SUFFIX.length) + TRASHED_SUFFIX;
  return uniqueSlug(
    base,
    (candidate) => ctx.store.posts.slugTaken(ctx.site.id, row.type, candidate, row.id),
    (prefix) => ctx.store.posts.slugSuffixesTaken(ctx.site.id, row.type, prefix, row.id),
  );
}

/** The slug a trashed post had before (`jazz-night__trashed-2` → `jazz-night`). */
const untrashedSlug = (slug: string) => slug.replace(/__trashed(?:-\d+)?$/, '');

/**
 * Handler phase: the columns common to every post write. `current` is the stored post on update.
 * Status follows the role rules; `publish` with a future publication date becomes `future`.
 */
export function applyCommon(
  ctx: OperationContext,
  args: CommonWriteArgs,
  prepared: PreparedCommon,
  current: PostRow | undefined,
): PostColumns {
  const now = nowUtc();
  const columns: PostColumns = modifiedColumns(ctx, now);
  if (!current) {
    columns.author = prepared.author ?? ctx.actor?.userId ?? 0;
    Object.assign(columns, publicationColumns(ctx, prepared.published ?? now));
  } else {
    if (prepared.author !== undefined) columns.author = prepared.author;
    if (prepared.published) Object.assign(columns, publicationColumns(ctx, prepared.published));
  }
  // A trashed post stays trashed until an update names another status (contract §6).
  let status = effectiveStatus(ctx.actor, args.status, current?.status);
  const publishedUtc = columns.date_utc ?? current?.date_utc ?? '';
  if (status === 'publish' && publishedUtc > formatWall(now)) status = 'future';
  if (status === 'future' && publishedUtc <= formatWall(now)) status = 'publish';
  columns.status = status;
  if (current?.status === 'trash' && status !== 'trash') {
    columns.trashed_status = null;
    columns.trashed_utc = null;
    // Restored: its slug back, or the next free one (a slug the request gives still wins).
    if (current.slug !== '')
      columns.slug = chooseSlug(ctx, current.type, untrashedSlug(current.slug), current.title, current.id);
  }
  const image = imageColumn(ctx, prepared, now);
  if (image !== undefined) columns.image_id = image;
  if (args.password !== undefined) columns.password = args.password;
  return columns;
}
