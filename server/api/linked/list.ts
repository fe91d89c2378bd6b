// GET /venues and /organizers: filters, visibility, envelope and paging as the reference.
import { DateTime } from 'luxon';
import type { RequestContext } from '../../http/context.ts';
import type { ParamErrors } from '../../operations/errors.ts';
import type { HandlerInput } from '../../http/route.ts';
import { formatWall } from '../../domain/dates.ts';
import { can } from '../../domain/roles.ts';
import { toBoolean } from '../../http/args.ts';
import { listVisibility } from '../shared/visibility.ts';
import { overlayPosts, servedLanguage } from '../../operations/translations.ts';
import { pageSize, postCollectionResult } from '../shared/pagination.ts';
import type { LinkedResource } from './resource.ts';
import type { LinkedListFilter } from '../../db/repositories/linked-list.ts';

type PreparedLinkedList = LinkedListFilter & { page: number; query: [string, string | number][] };

export function listHandler(resource: LinkedResource) {
  return ({ ctx, args, prepared }: HandlerInput<Record<string, unknown>>) => {
    const filter = prepared as Parameters<RequestContext['store']['linkedList']['page']>[0] & {
      page: number;
      query: [string, string | number][];
    };
    const { rows, total } = ctx.store.linkedList.page(filter);
    const images = ctx.store.posts.getMany(
      ctx.site.id,
      rows.map((r) => r.image_id).filter((id): id is number => id !== null),
    );
    const translation = args.translation_language as string | undefined;
    const overlaid = overlayPosts(ctx, rows, translation);
    return postCollectionResult(ctx, {
      key: resource.collection,
      singular: resource.type,
      items: overlaid.rows.map((row) =>
        resource.present(ctx, row, {
          images,
          translation: servedLanguage(ctx, translation, overlaid.translated, row.id),
          locked: row.password !== '',
        }),
      ),
      total,
      page: filter.page,
      perPage: filter.limit,
      query: filter.query,
    });
  };
}

export function prepareList(resource: LinkedResource) {
  return ({ ctx, args }: HandlerInput<Record<string, unknown>>, errors: ParamErrors) => {
    const perPageValue = pageSize(ctx, args.per_page as number | undefined);
    const pageNumber = (args.page as number | undefined) ?? 1;
    const visibility = listVisibility(ctx, args.status as string | undefined, errors);
    const query: [string, string | number][] = [];
    if (visibility.echo) query.push(['status', visibility.echo]);
    const filter = {
      siteId: ctx.site.id,
      type: resource.type,
      statuses: visibility.statuses,
      own: visibility.own,
      limit: perPageValue,
      offset: (pageNumber - 1) * perPageValue,
      page: pageNumber,
      query,
    } as PreparedLinkedList;
    if (typeof args.search === 'string') {
      filter.search = {
        text: args.search,
        language: args.translation_language as string | undefined,
      };
      query.push(['search', args.search]);
    }
    if (typeof args.event === 'number') {
      if (ctx.store.posts.get(ctx.site.id, args.event)?.type !== 'event')
        errors.add('event', 'event is not a valid event ID.');
      filter.eventId = args.event;
      query.push(['event', args.event]);
    }
    for (const name of ['has_events', 'only_with_upcoming'] as const) {
      if (args[name] === undefined) continue;
      const value = toBoolean(typeof args[name] === 'string' ? (args[name] as string).toLowerCase() : args[name]);
      if (value === undefined) {
        errors.add(name, `${name} must be a boolean.`);
        continue;
      }
      query.push([name, value ? 1 : 0]);
      if (name === 'has_events') {
        filter.hasEvents = value;
        // Private events count only for callers who may read them (tec-reference §4.2).
        filter.hasEventsStatuses = can.editOthers(ctx.actor) ? ['publish', 'future', 'private'] : ['publish', 'future'];
      } else if (value) {
        filter.upcoming = {
          nowUtc: formatWall(DateTime.utc()),
          statuses: can.editOthers(ctx.actor) ? ['publish', 'private', 'future'] : ['publish'],
        };
      }
    }
    if (args.translation_language) query.push(['translation_language', args.translation_language as string]);
    return filter;
  };
}
