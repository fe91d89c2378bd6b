// Venues and organizers: the two "linked post" types. One configuration per type drives their
// field columns, validation, duplicate avoidance and inline creation from an event write, so the
// venue and organizer resources (and the event's venue/organizer fields) share one engine.
import type { OperationContext } from '../context.ts';
import { filterHtml } from '../../domain/html.ts';
import { said, type ParamErrors, type Said } from '../errors.ts';
import type { PostColumns, PostRow } from '../../db/repositories/posts.ts';
import { saveVariant, splitVariant, TRANSLATABLE_POST_COLUMNS } from '../translations.ts';
import { can, effectiveStatus } from '../../domain/roles.ts';
import { formatWall } from '../../domain/dates.ts';
import {
  applyCommon,
  chooseSlug,
  isHttpUrl,
  prepareCommon,
  type CommonWriteArgs,
  type PreparedCommon,
} from '../posts/writes.ts';

export type LinkedType = 'venue' | 'organizer';

interface LinkedConfig {
  /** The request field that holds the name (stored as the post title). */
  nameField: LinkedType;
  /** Plain text columns written from same-named request fields. */
  textColumns: (keyof PostColumns & string)[];
}

const LINKED: Record<LinkedType, LinkedConfig> = {
  venue: {
    nameField: 'venue',
    textColumns: ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'website', 'stateprovince'],
  },
  organizer: { nameField: 'organizer', textColumns: ['phone', 'website', 'email'] },
};

export type LinkedWriteArgs = CommonWriteArgs & Record<string, unknown>;

export interface PreparedLinked {
  common: PreparedCommon;
  columns: PostColumns;
  /** The status the request names, if any (a given field, so duplicate avoidance compares it). */
  status?: string;
}

/** Venue show_map fields are strings in the reference: yes/true/1 and no/false/0. */
function truthyFlag(value: unknown): number | undefined {
  if (value === true) return 1;
  if (value === false) return 0;
  const text = String(value).trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(text)) return 1;
  if (['0', 'false', 'no', 'off', ''].includes(text)) return 0;
  return undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Validation phase for a venue/organizer write. `prefix` names nested fields (an inline venue
 * inside an event write reports its errors under the event's `venue` parameter).
 */
export function prepareLinked(
  ctx: OperationContext,
  type: LinkedType,
  args: LinkedWriteArgs,
  errors: ParamErrors,
  param = (field: string) => field,
): PreparedLinked {
  const config = LINKED[type];
  const columns: PostColumns = {};
  const name = args[config.nameField];
  if (name !== undefined) {
    if (typeof name !== 'string' || name.trim() === '')
      errors.add(param(config.nameField), said('empty', `${config.nameField} must not be empty.`));
    else columns.title = filterHtml(ctx.actor, name.trim(), 'title');
  }
  if (typeof args.description === 'string') columns.content = filterHtml(ctx.actor, args.description, 'content');
  for (const column of config.textColumns) {
    const value = args[column];
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      errors.add(param(column), `${column} is not of type string.`);
      continue;
    }
    const trimmed = value.trim();
    if (column === 'website' && trimmed !== '' && !isHttpUrl(trimmed))
      errors.add(param(column), said('not_a_url', 'website is not a valid URL.'));
    if (column === 'email' && trimmed !== '' && !EMAIL.test(trimmed))
      errors.add(param(column), said('not_an_email', 'email is not a valid e-mail address.'));
    (columns as Record<string, unknown>)[column] = trimmed;
  }
  if (type === 'venue') {
    for (const flag of ['show_map', 'show_map_link'] as const) {
      if (args[flag] === undefined) continue;
      const value = truthyFlag(args[flag]);
      if (value === undefined) errors.add(param(flag), `${flag} must be true or false.`);
      else columns[flag] = value;
    }
    for (const [field, limit] of [
      ['geo_lat', 90],
      ['geo_lng', 180],
    ] as const) {
      const value = args[field];
      if (value === undefined) continue;
      if (value === '') columns[field] = null;
      else if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit)
        errors.add(
          param(field),
          said('number_between', `${field} must be a number between -${limit} and ${limit}.`, {
            min: -limit,
            max: limit,
          }),
        );
      else columns[field] = value;
    }
  }
  const common = prepareCommon(ctx, args, {
    add: (p: string, m: string | Said) => errors.add(param(p), m),
  } as ParamErrors);
  return { common, columns, ...(typeof args.status === 'string' ? { status: args.status } : {}) };
}

/** stateprovince, when not given, comes from state (US) or province (elsewhere), as the reference. */
function fillStateProvince(columns: PostColumns, current: PostRow | undefined, given: boolean): void {
  if (given) return;
  const country = columns.country ?? current?.country ?? '';
  const us = country === '' || country === 'US' || country === 'United States';
  const value = us ? (columns.state ?? current?.state) : (columns.province ?? current?.province);
  // Always refill (the reference recomputes it on every save): a venue moved from the US to a
  // country without a province used to keep its old state as stateprovince.
  if (value !== undefined && value !== null) columns.stateprovince = value;
  else if (current) columns.stateprovince = '';
}

/** Handler phase: stores a new venue/organizer and returns its id. */
export function insertLinked(
  ctx: OperationContext,
  type: LinkedType,
  args: LinkedWriteArgs,
  prepared: PreparedLinked,
  language?: string,
): number {
  const columns = Object.assign({}, prepared.columns, applyCommon(ctx, args, prepared.common, undefined));
  if (type === 'venue') fillStateProvince(columns, undefined, args.stateprovince !== undefined);
  const id = ctx.store.sites.nextPostId(ctx.site.id);
  columns.slug = chooseSlug(ctx, type, typeof args.slug === 'string' ? args.slug : undefined, columns.title ?? '', id);
  // A create in a language is also the base text; the variant is stored as well.
  const variant = language ? splitVariant(columns, TRANSLATABLE_POST_COLUMNS[type]!, true) : {};
  ctx.store.posts.insert(ctx.site.id, id, type, columns);
  saveVariant(ctx, 'post', id, language, variant);
  return id;
}

/** Handler phase: applies a partial update. */
export function updateLinked(
  ctx: OperationContext,
  type: LinkedType,
  current: PostRow,
  args: LinkedWriteArgs,
  prepared: PreparedLinked,
  language?: string,
): void {
  const columns = Object.assign({}, prepared.columns, applyCommon(ctx, args, prepared.common, current));
  const variant = language ? splitVariant(columns, TRANSLATABLE_POST_COLUMNS[type]!, false) : {};
  saveVariant(ctx, 'post', current.id, language, variant);
  if (
    type === 'venue' &&
    (columns.state !== undefined || columns.province !== undefined || columns.country !== undefined)
  )
    fillStateProvince(columns, current, args.stateprovince !== undefined);
  if (typeof args.slug === 'string' && args.slug !== '')
    columns.slug = chooseSlug(ctx, type, args.slug, '', current.id);
  ctx.store.posts.update(ctx.site.id, current.id, columns);
}

/**
 * Duplicate avoidance (contract §6 deviation): an existing, non-trashed post of the type is
 * reused only when every field the request gives is identical to it; nothing is overwritten.
 */
export function findIdentical(ctx: OperationContext, type: LinkedType, prepared: PreparedLinked): PostRow | undefined {
  const title = prepared.columns.title;
  if (!title) return undefined;
  const candidates = ctx.store.posts.byTitle(ctx.site.id, type, title);
  const given = Object.entries(prepared.columns).filter(([column]) => column !== 'title');
  const { author, published } = prepared.common;
  return candidates.find(
    (row) =>
      row.status !== 'trash' &&
      // Never hand out (or link an event to) a post the caller may not read, e.g. another
      // user's draft: that leaked drafts through POST and linked them to the caller's events.
      can.readPost(ctx.actor, row) &&
      // status, author and date are given fields too: a draft request is not "identical" to a
      // published post (it used to return the published one instead of creating the draft).
      (prepared.status === undefined || row.status === effectiveStatus(ctx.actor, prepared.status)) &&
      (author === undefined || row.author === author) &&
      (published === undefined || row.date_utc === formatWall(published.toUTC())) &&
      given.every(([column, value]) => (row[column as keyof PostRow] ?? '') === (value ?? '')) &&
      (prepared.common.image === undefined ||
        ('id' in prepared.common.image && row.image_id === prepared.common.image.id)),
  );
}
