// Occurrences made, moved and removed by the series operations: each one a whole event — its own
// id and slug — copied from a template occurrence in a few statements (a daily series is 730 of
// them), with its slot's times; term counts follow.
import type { OperationContext } from '../context.ts';
import type { PostColumns, PostRow } from '../../db/repositories/posts.ts';
import type { SeriesRow } from '../../db/repositories/series.ts';
import { timezoneAbbreviationAt } from '../../domain/dates.ts';
import { chooseSlug, modifiedColumns, nowUtc } from '../posts/writes.ts';
import { syncTermCounts, termCountSnapshot } from '../events/term-counts.ts';
import { EVENT_FLAG_NAMES } from '../../../contract/constants.ts';
import type { Slot } from './slots.ts';

/** What an occurrence copies from its template besides times, slug and series columns. */
const COPIED: (keyof PostRow)[] = [
  'author',
  'status',
  'title',
  'content',
  'excerpt',
  'password',
  'image_id',
  'date_local',
  'date_utc',
  'website',
  'timezone',
  'all_day',
  'cost_raw',
  'cost_symbol',
  'cost_position',
  ...EVENT_FLAG_NAMES,
];

/** The columns of an occurrence's times, for its slot. */
export function slotColumns(slot: Slot, timezone: string): PostColumns {
  return {
    start_local: slot.startLocal,
    end_local: slot.endLocal,
    start_utc: slot.startUtc,
    end_utc: slot.endUtc,
    timezone_abbr: timezoneAbbreviationAt(timezone, Date.parse(`${slot.startUtc.replace(' ', 'T')}Z`)),
    recurrence: slot.date,
  };
}

/** `story-time-2027-03-02` → `story-time`: an occurrence's slug without its date. */
export const slugBase = (slug: string) =>
  slug.replace(/__trashed(?:-\d+)?$/, '').replace(/-\d{4}-\d{2}-\d{2}(?:-\d+)?$/, '');

/**
 * New occurrences of `series` for `slots`, copies of `template`. Returns their ids in slot order.
 * `parent` is the series' first occurrence (their post_parent).
 */
export function addOccurrences(
  ctx: OperationContext,
  series: SeriesRow,
  template: PostRow,
  slots: Slot[],
  parent: number,
): number[] {
  if (slots.length === 0) return [];
  const { posts, sites, terms } = ctx.store;
  const siteId = ctx.site.id;
  const base: PostColumns = modifiedColumns(ctx, nowUtc());
  for (const column of COPIED) (base as Record<string, unknown>)[column] = template[column];
  base.timezone = series.timezone;
  base.all_day = series.all_day;
  base.series_id = series.id;
  base.detached = 0;
  base.trashed_status = null;
  if (base.status === 'trash') base.status = template.trashed_status ?? 'draft';
  const slugRoot = slugBase(template.slug) || 'event';
  const relations = ctx.store.series.relationsOf(siteId, template.id);
  const firstId = sites.nextPostIds(siteId, slots.length);
  const ids: number[] = [];
  slots.forEach((slot, index) => {
    const id = firstId + index;
    const columns = Object.assign({}, base, slotColumns(slot, series.timezone), {
      parent: id === parent ? 0 : parent,
      slug: chooseSlug(ctx, 'event', `${slugRoot}-${slot.date}`, '', id),
    });
    posts.insert(siteId, id, 'event', columns);
    ctx.store.series.copyRelations(siteId, template.id, id, relations);
    ids.push(id);
  });
  if (base.status === 'publish') terms.adjustCounts(siteId, terms.termIdsOf(siteId, template.id), ids.length);
  return ids;
}

/** An existing occurrence moved to `slot` (a rule or time change), as one of the series. */
export function moveOccurrence(ctx: OperationContext, row: PostRow, slot: Slot, series: SeriesRow): void {
  ctx.store.posts.update(
    ctx.site.id,
    row.id,
    Object.assign(slotColumns(slot, series.timezone), modifiedColumns(ctx, nowUtc()), {
      timezone: series.timezone,
      all_day: series.all_day,
    }),
  );
}

/** An occurrence deleted for good (the rule no longer gives its date); term counts follow. */
export function deleteOccurrence(ctx: OperationContext, row: PostRow): void {
  const before = termCountSnapshot(ctx, row.id, row);
  ctx.store.posts.remove(ctx.site.id, row.id);
  syncTermCounts(ctx, before, { counted: false, terms: [] });
}

/** An occurrence that leaves its series and stays as a single event (it was changed on its own). */
export function detachOccurrence(ctx: OperationContext, row: PostRow): void {
  ctx.store.posts.update(ctx.site.id, row.id, { series_id: null, recurrence: null, parent: 0, detached: 0 });
}
