// The events routes (spec §4.2): one table drives Fastify, the namespace index and /doc. The
// operations (operations/events/) check and write; this file adds what HTTP needs: the target
// read once for validation, permission and If-Match, ETags, status codes, presentation.
import { postBySlug } from '../../operations/posts/slug-lookup.ts';
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import { endpoint, EDITABLE, memoized, type HandlerInput, type RouteSpec } from '../../http/route.ts';
import { Event, ErrorBody, listEnvelope } from '../../../contract/representations.ts';
import {
  EventCreateArgs,
  EventDeleteArgs,
  EventDeleteBySlugArgs,
  EventListArgs,
  EventReadArgs,
  EventReadBySlugArgs,
  EventUpdateArgs,
  EventUpdateBySlugArgs,
} from '../../../contract/events.ts';
import { prepareEventList, runEventList, type PreparedEventList } from './list.ts';
import {
  applyEventWrite,
  authorizeEventWrite,
  prepareEventWrite,
  type EventWriteInput,
  type PreparedEventWrite,
} from '../../operations/events/writes.ts';
import { presentEvent } from './present-event.ts';
import {
  assertMayEdit,
  assertReadable,
  findEvent,
  findEventBySlug,
  trashOrDeleteEvent,
} from '../../operations/events/access.ts';
import { postEtag } from '../shared/etag.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import type { ParamErrors } from '../../operations/errors.ts';

/**
 * Lists whose cost grows with the calendar rather than the page: a text search reads every row of
 * the window, a distance filter sorts every nearby event, a venue's or organizer's events can be
 * thousands (40–90 ms at 100k events): served off the event loop.
 */
export const slowEventList = (raw: Record<string, unknown>) =>
  ['search', 'geoloc', 'geoloc_lat', 'geoloc_lng', 'venue', 'organizer'].some((param) => raw[param] !== undefined);

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });
const ITEM = { description: 'The event.', schema: Type.Ref(Event) };

type Target = { id?: number; slug?: string };
/**
 * The stored event a by-id or by-slug request names (undefined when the id does not exist), read
 * once for validation, permission and the If-Match check.
 */
function lookup(input: HandlerInput<Target>): PostRow | undefined {
  const { ctx, args } = input;
  return memoized(input, 'target', () => {
    if (args.slug !== undefined && args.id === undefined) return postBySlug(ctx, 'event', args.slug);
    return args.id !== undefined && args.id > 0 ? ctx.store.posts.get(ctx.site.id, args.id) : undefined;
  });
}
function resolve(input: HandlerInput<Target>): PostRow {
  const { ctx, args } = input;
  return args.slug !== undefined && args.id === undefined
    ? findEventBySlug(ctx, args.slug)
    : findEvent(ctx, args.id ?? 0);
}

const translationOf = (args: { translation_language?: string }) => args.translation_language;

function read(input: HandlerInput<Target & { password?: string; context?: string; translation_language?: string }>) {
  const { ctx, args } = input;
  const row = resolve(input);
  assertReadable(ctx, row, args.password, args.context);
  return {
    body: presentEvent(ctx, row, { single: true, unlocked: new Set([row.id]), translation: translationOf(args) }),
    etag: postEtag(row),
  };
}

function update(input: HandlerInput<Target & EventWriteInput & { translation_language?: string }>) {
  const { ctx, args } = input;
  const prepared = input.prepared as PreparedEventWrite;
  const id = ctx.store.transaction(() => {
    const row = resolve(input);
    return applyEventWrite(ctx, args, prepared, row);
  });
  const row = findEvent(ctx, id);
  return {
    body: presentEvent(ctx, row, { unlocked: new Set([id]), translation: translationOf(args) }),
    etag: postEtag(row),
  };
}

function remove(input: HandlerInput<Target & { force?: boolean; translation_language?: string }>) {
  const { ctx, args } = input;
  return ctx.store.transaction(() => {
    const row = resolve(input);
    const force = args.force === true;
    if (force) {
      const before = presentEvent(ctx, row, { unlocked: new Set([row.id]) });
      trashOrDeleteEvent(ctx, row, true);
      return { body: before }; // gone: no ETag
    }
    trashOrDeleteEvent(ctx, row, false);
    const trashed = findEvent(ctx, row.id);
    return {
      body: presentEvent(ctx, trashed, { unlocked: new Set([row.id]), translation: translationOf(args) }),
      etag: postEtag(trashed),
    };
  });
}

const writeValidate = (input: HandlerInput<Target & EventWriteInput>, errors: ParamErrors) => {
  const current = input.args.id !== undefined || input.args.slug !== undefined ? lookup(input) : undefined;
  return prepareEventWrite(input.ctx, input.args, current?.type === 'event' ? current : undefined, errors);
};

const writePermission = (input: HandlerInput<Target & EventWriteInput>) => {
  const current = input.args.id !== undefined || input.args.slug !== undefined ? lookup(input) : undefined;
  authorizeEventWrite(input.ctx, current, input.prepared as PreparedEventWrite);
};

/** The event's current ETag (undefined when the id/slug names no event). */
const eventEtag = (input: HandlerInput<Target>) => {
  const row = lookup(input);
  return row?.type === 'event' ? postEtag(row) : undefined;
};

const deletePermission = (input: HandlerInput<Target>) => assertMayEdit(input.ctx, lookup(input));

/** The by-id and by-slug routes: the same endpoints, addressed differently (spec §4.2). */
function singleEventRoute(
  path: string,
  args: { read: TObject; update: TObject; remove: TObject },
  how: string,
  missing: Record<number, { description: string; schema: TSchema }>,
): RouteSpec {
  const denied = { 401: error('No credentials.'), 403: error('Not allowed.') };
  const stale = { 412: error('If-Match does not match the current ETag.') };
  return {
    path,
    tag: 'events',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: args.read,
        summary: `Read one event${how}`,
        responses: { 200: ITEM, ...missing, 403: error('Trashed, not accessible, or password-protected.') },
        etag: eventEtag,
        handler: read,
      }),
      endpoint({
        methods: EDITABLE,
        args: args.update,
        summary: `Update one event${how} (partial)`,
        responses: { 200: ITEM, ...missing, ...denied, ...stale },
        validate: writeValidate,
        permission: writePermission,
        etag: eventEtag,
        handler: update,
      }),
      endpoint({
        methods: ['DELETE'],
        args: args.remove,
        summary: `Trash (or with force=true delete) one event${how}`,
        responses: { 200: ITEM, ...missing, ...denied, 410: error('Already trashed.'), ...stale },
        permission: deletePermission,
        etag: eventEtag,
        handler: remove,
      }),
    ],
  };
}

export const eventRoutes: RouteSpec[] = [
  {
    path: '/events',
    tag: 'events',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: EventListArgs,
        summary: 'List events',
        offThread: slowEventList,
        responses: {
          200: { description: 'A page of events.', schema: listEnvelope('events', Event) },
          400: error('Invalid parameters.'),
          404: error('The page is past the last one.'),
        },
        validate: ({ ctx, args }, errors) => prepareEventList(ctx, args, errors, DateTime.now()),
        handler: ({ ctx, args, prepared }) =>
          runEventList(ctx, prepared as PreparedEventList, args.translation_language, {
            password: args.password,
            context: args.context,
          }),
      }),
      endpoint({
        methods: ['POST'],
        args: EventCreateArgs,
        summary: 'Create an event',
        responses: {
          201: { description: 'The created event.', schema: Type.Ref(Event) },
          400: error('Invalid parameters.'),
          401: error('No credentials.'),
          403: error('Not allowed.'),
        },
        validate: (input, errors) => prepareEventWrite(input.ctx, input.args, undefined, errors),
        permission: ({ ctx, prepared }) => authorizeEventWrite(ctx, undefined, prepared as PreparedEventWrite),
        handler: ({ ctx, args, prepared }) => {
          const id = ctx.store.transaction(() => applyEventWrite(ctx, args, prepared as PreparedEventWrite, undefined));
          const row = findEvent(ctx, id);
          return {
            status: 201,
            body: presentEvent(ctx, row, { unlocked: new Set([id]), translation: args.translation_language }),
            etag: postEtag(row),
          };
        },
      }),
    ],
  },
  singleEventRoute('/events/{id}', { read: EventReadArgs, update: EventUpdateArgs, remove: EventDeleteArgs }, '', {
    404: error('No such event.'),
    400: error('The ID is not an event, or invalid parameters.'),
  }),
  singleEventRoute(
    '/events/by-slug/{slug}',
    { read: EventReadBySlugArgs, update: EventUpdateBySlugArgs, remove: EventDeleteBySlugArgs },
    ' by slug',
    { 400: error('No event has this slug, or invalid parameters.') },
  ),
];
