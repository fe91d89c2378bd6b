// The venue and organizer resources (spec §4.3–4.4) are one engine with two configurations:
// same routes, list parameters, status codes and rules, different fields.
import { postBySlug } from './slug-lookup.ts';
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { RequestContext } from '../../http/context.ts';
import { ApiError, forbidden, invalidParam, type ParamErrors } from '../../http/errors.ts';
import { EDITABLE, endpoint, memoized, type HandlerInput, type RouteSpec } from '../../http/route.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import type { LinkedListFilter } from '../../db/repositories/linked-list.ts';
import { formatWall } from '../../domain/dates.ts';
import { can } from '../../domain/roles.ts';
import { looseBoolean, page, pathId, perPage, postId, slugParam, text, translationLanguage } from './args.ts';
import { toBoolean } from '../../http/args.ts';
import { ErrorBody, Organizer, Venue, listEnvelope } from './representations.ts';
import { venueFields } from '../venues/schemas.ts';
import { organizerFields } from '../organizers/schemas.ts';
import {
  findIdentical,
  insertLinked,
  prepareLinked,
  updateLinked,
  type LinkedType,
  type LinkedWriteArgs,
  type PreparedLinked,
} from './linked-posts.ts';
import { checkAuthorPermission, trashedSlug } from './post-writes.ts';
import { postEtag } from './etag.ts';
import { listVisibility } from './visibility.ts';
import { overlayPosts, servedLanguage, variantLanguage } from './translations.ts';
import { pageSize, postCollectionResult } from './pagination.ts';
import { presentOrganizer, presentVenue } from './present.ts';

const O = Type.Optional;

interface LinkedResource {
  type: LinkedType;
  collection: 'venues' | 'organizers';
  fields: Record<string, TSchema>;
  schema: typeof Venue | typeof Organizer;
  present: typeof presentVenue;
}

const RESOURCES: Record<LinkedType, LinkedResource> = {
  venue: {
    type: 'venue',
    collection: 'venues',
    fields: venueFields,
    schema: Venue,
    present: presentVenue,
  },
  organizer: {
    type: 'organizer',
    collection: 'organizers',
    fields: organizerFields,
    schema: Organizer,
    present: presentOrganizer,
  },
};

function argsFor(resource: LinkedResource) {
  const optional = Object.fromEntries(Object.entries(resource.fields).map(([name, schema]) => [name, O(schema)]));
  const noun = resource.type;
  return {
    list: Type.Object({
      page: O(page),
      per_page: O(perPage(resource.collection)),
      search: O(
        text(
          `${noun[0]!.toUpperCase()}${noun.slice(1)}s whose name, description or contact fields contain this text.`,
          { min: 1, max: 200 },
        ),
      ),
      event: O(postId(`Only ${resource.collection} linked to this event ID.`)),
      has_events: O(looseBoolean(`Only ${resource.collection} linked to events (true) or to none (false).`)),
      only_with_upcoming: O(looseBoolean(`Only ${resource.collection} linked to an upcoming event.`, false)),
      status: O(text('Post status, or a comma-separated list of statuses.', { min: 1, max: 200 })),
      translation_language: O(translationLanguage),
    }),
    create: Type.Object({ ...optional, [noun]: resource.fields[noun]!, translation_language: O(translationLanguage) }),
    update: Type.Object({ id: pathId(`The ${noun} ID.`), ...optional, translation_language: O(translationLanguage) }),
    updateBySlug: Type.Object({
      ...optional,
      slug: slugParam(`The ${noun} slug.`),
      translation_language: O(translationLanguage),
    }),
    read: Type.Object({ id: pathId(`The ${noun} ID.`), translation_language: O(translationLanguage) }),
    readBySlug: Type.Object({ slug: slugParam(`The ${noun} slug.`), translation_language: O(translationLanguage) }),
    remove: Type.Object({
      id: pathId(`The ${noun} ID.`),
      force: O(Type.Boolean({ default: false, description: 'Delete permanently instead of moving to the trash.' })),
      translation_language: O(translationLanguage),
    }),
    removeBySlug: Type.Object({
      slug: slugParam(`The ${noun} slug.`),
      force: O(Type.Boolean({ default: false, description: 'Delete permanently instead of moving to the trash.' })),
      translation_language: O(translationLanguage),
    }),
  } satisfies Record<string, TObject>;
}

type Target = { id?: number; slug?: string };
type PreparedLinkedList = LinkedListFilter & { page: number; query: [string, string | number][] };

/** The stored post a by-id/by-slug request names, of whatever type (undefined: none). */
function lookupLinked(ctx: RequestContext, resource: LinkedResource, args: Target): PostRow | undefined {
  if (args.id === undefined && args.slug !== undefined) return postBySlug(ctx, resource.type, args.slug);
  return args.id ? ctx.store.posts.get(ctx.site.id, args.id) : undefined;
}

/** The item itself; unknown ones are 400 on the param (as the reference). */
function requireLinked(resource: LinkedResource, args: Target, row: PostRow | undefined): PostRow {
  if (args.id === undefined && args.slug !== undefined) {
    if (!row) throw invalidParam('slug', `No ${resource.type} has this slug.`);
    return row;
  }
  if (!row || row.type !== resource.type) throw invalidParam('id', `Invalid ${resource.type} ID.`);
  return row;
}

/** Read now (in a handler's transaction). */
const findLinked = (ctx: RequestContext, resource: LinkedResource, args: Target): PostRow =>
  requireLinked(resource, args, lookupLinked(ctx, resource, args));

/** Read once for the checks before the handler: validation, permission, If-Match. */
const storedTarget = (input: HandlerInput<Record<string, unknown>>, resource: LinkedResource) =>
  memoized(input, 'target', () => lookupLinked(input.ctx, resource, input.args as Target));

function present(ctx: RequestContext, resource: LinkedResource, row: PostRow, single: boolean, translation?: string) {
  const images = row.image_id ? ctx.store.posts.getMany(ctx.site.id, [row.image_id]) : undefined;
  const { rows, translated } = overlayPosts(ctx, [row], translation);
  return resource.present(ctx, rows[0]!, {
    single,
    images,
    translation: servedLanguage(ctx, translation, translated, row.id),
    locked: row.password !== '',
  });
}

function listHandler(resource: LinkedResource) {
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

function prepareList(resource: LinkedResource) {
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

function assertReadable(ctx: RequestContext, resource: LinkedResource, row: PostRow): void {
  if (!can.readPost(ctx.actor, row)) {
    throw new ApiError(403, `${resource.type}-not-accessible`, `The requested ${resource.type} is not accessible`);
  }
}

export function linkedRoutes(type: LinkedType): RouteSpec[] {
  const resource = RESOURCES[type];
  const args = argsFor(resource);
  const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });
  const item = { description: `The ${type}.`, schema: Type.Ref(resource.schema) };
  const translationOf = (a: Record<string, unknown>) => a.translation_language as string | undefined;

  /** The checked target of a by-id/by-slug request, from the read the checks share. */
  const target = (input: HandlerInput<Record<string, unknown>>) =>
    requireLinked(resource, input.args as Target, storedTarget(input, resource));
  // A read writes nothing: the row validation read is the one to present.
  const read = (input: HandlerInput<Record<string, unknown>>) => {
    const { ctx, args: a } = input;
    const row = target(input);
    assertReadable(ctx, resource, row);
    return { body: present(ctx, resource, row, true, translationOf(a)), etag: postEtag(row) };
  };

  const validateWrite = (input: HandlerInput<Record<string, unknown>>, errors: ParamErrors) => {
    const { ctx, args: a } = input;
    if (a.id !== undefined || a.slug !== undefined) target(input);
    return prepareLinked(ctx, type, a as LinkedWriteArgs, errors);
  };
  const permitWrite = (input: HandlerInput<Record<string, unknown>>) => {
    const { ctx, args: a, prepared } = input;
    const allowed =
      a.id !== undefined || a.slug !== undefined ? can.editPost(ctx.actor, target(input)) : can.createPosts(ctx.actor);
    if (!allowed) throw forbidden(ctx.actor !== null);
    checkAuthorPermission(ctx, (prepared as PreparedLinked).common);
  };
  const update = ({ ctx, args: a, prepared }: HandlerInput<Record<string, unknown>>) => {
    const id = ctx.store.transaction(() => {
      const row = findLinked(ctx, resource, a as Target);
      updateLinked(
        ctx,
        type,
        row,
        a as LinkedWriteArgs,
        prepared as PreparedLinked,
        variantLanguage(ctx, translationOf(a)),
      );
      return row.id;
    });
    const row = ctx.store.posts.get(ctx.site.id, id)!;
    return { body: present(ctx, resource, row, false, translationOf(a)), etag: postEtag(row) };
  };
  const remove = ({ ctx, args: a }: HandlerInput<Record<string, unknown>>) =>
    ctx.store.transaction(() => {
      const row = findLinked(ctx, resource, a as Target);
      const force = a.force === true;
      if (!force && row.status === 'trash')
        throw new ApiError(410, `${type}-is-in-trash`, `The ${type} is already trashed`);
      // Trashing or deleting a venue/organizer unlinks it from its events (as the reference).
      ctx.store.posts.unlinkEverywhere(ctx.site.id, row.id);
      if (force) {
        const before = present(ctx, resource, row, false, translationOf(a));
        ctx.store.posts.remove(ctx.site.id, row.id);
        return { body: before };
      }
      ctx.store.posts.update(ctx.site.id, row.id, {
        status: 'trash',
        trashed_status: row.status,
        slug: trashedSlug(ctx, row),
      });
      const trashed = ctx.store.posts.get(ctx.site.id, row.id)!;
      return { body: present(ctx, resource, trashed, false, translationOf(a)), etag: postEtag(trashed) };
    });
  const permitDelete = (input: HandlerInput<Record<string, unknown>>) => {
    if (!can.editPost(input.ctx.actor, target(input))) throw forbidden(input.ctx.actor !== null);
  };
  const etag = (input: HandlerInput<Record<string, unknown>>) => {
    const row = storedTarget(input, resource);
    return row?.type === type ? postEtag(row) : undefined;
  };
  const validateTarget = (input: HandlerInput<Record<string, unknown>>) => {
    target(input);
  };

  const writeResponses = {
    200: item,
    400: error('Invalid parameters or unknown ID.'),
    401: error('No credentials.'),
    403: error('Not allowed.'),
    412: error('If-Match does not match the current ETag.'),
  };
  const deleteResponses = { ...writeResponses, 410: error('Already trashed.') };
  const readResponses = {
    200: item,
    400: error(`Unknown ${type} ID or slug.`),
    403: error(`The ${type} is not accessible.`),
  };
  const single = (
    path: string,
    readArgs: TObject,
    updateArgs: TObject,
    removeArgs: TObject,
    how: string,
  ): RouteSpec => ({
    path,
    tag: resource.collection,
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: readArgs,
        summary: `Read one ${type}${how}`,
        responses: readResponses,
        validate: validateTarget,
        etag,
        handler: read,
      }),
      endpoint({
        methods: EDITABLE,
        args: updateArgs,
        summary: `Update one ${type}${how} (partial)`,
        responses: writeResponses,
        validate: validateWrite,
        permission: permitWrite,
        etag,
        handler: update,
      }),
      endpoint({
        methods: ['DELETE'],
        args: removeArgs,
        summary: `Trash (or with force=true delete) one ${type}${how}`,
        responses: deleteResponses,
        validate: validateTarget,
        permission: permitDelete,
        etag,
        handler: remove,
      }),
    ],
  });

  return [
    {
      path: `/${resource.collection}`,
      tag: resource.collection,
      endpoints: [
        endpoint({
          methods: ['GET'],
          args: args.list,
          summary: `List ${resource.collection}`,
          responses: {
            200: {
              description: `A page of ${resource.collection}.`,
              schema: listEnvelope(resource.collection, resource.schema),
            },
            400: error('Invalid parameters.'),
            404: error('The page is past the last one.'),
          },
          validate: prepareList(resource),
          handler: listHandler(resource),
        }),
        endpoint({
          methods: ['POST'],
          args: args.create,
          summary: `Create a ${type} (an identical existing one is returned instead of a copy)`,
          responses: {
            201: item,
            400: error('Invalid parameters.'),
            401: error('No credentials.'),
            403: error('Not allowed.'),
          },
          validate: validateWrite,
          permission: permitWrite,
          handler: ({ ctx, args: a, prepared }) => {
            const id = ctx.store.transaction(
              () =>
                findIdentical(ctx, type, prepared as PreparedLinked)?.id ??
                insertLinked(
                  ctx,
                  type,
                  a as LinkedWriteArgs,
                  prepared as PreparedLinked,
                  variantLanguage(ctx, translationOf(a)),
                ),
            );
            const row = ctx.store.posts.get(ctx.site.id, id)!;
            return { status: 201, body: present(ctx, resource, row, false, translationOf(a)), etag: postEtag(row) };
          },
        }),
      ],
    },
    single(`/${resource.collection}/{id}`, args.read, args.update, args.remove, ''),
    single(`/${resource.collection}/by-slug/{slug}`, args.readBySlug, args.updateBySlug, args.removeBySlug, ' by slug'),
  ];
}
