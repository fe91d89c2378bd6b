// GET almanac/v1/changes — the change stream (Server-Sent Events): every committed change to the
// site's events, venues, organizers, images and terms, and to the sites themselves, whoever made it
// (this server, another one on the same data dir, the CLI), so an open view can refresh what
// changed. Messages carry what changed, never its content: the client refetches what it shows,
// with its own permissions. A caller hears only of posts it may read before or after the change.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { ApiError } from '../../http/errors.ts';
import { invalidParam } from '../../operations/errors.ts';
import { ReplyLater } from '../../http/reply-later.ts';
import type { RequestContext } from '../../http/context.ts';
import type { ChangeRow } from '../../db/repositories/changes.ts';
import { can, type Actor } from '../../domain/roles.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import { ChangesArgs, type Change } from '../../../contract/app/changes.ts';
import type { ChangeHub } from './change-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The change log's watcher (app.ts). */
    changeHub: ChangeHub;
  }
}

/** A client further behind than this refetches everything: cheaper than replaying thousands. */
const MAX_BACKLOG = 1_000;
/** Streams one server keeps open at most (each holds a connection). */
const MAX_STREAMS = 256;
/** A comment this often keeps idle connections (and the client's dead-connection check) alive. */
const HEARTBEAT_MS = 25_000;

const POST_KINDS = new Set(['event', 'venue', 'organizer', 'image']);

/** May `actor` hear of this change? Posts: if it may read the post before or after it. */
function mayHear(actor: Actor | null, siteId: number, row: ChangeRow): boolean {
  if (row.kind === 'site') return true; // the sites list is public
  if (row.site_id !== siteId) return false;
  if (!POST_KINDS.has(row.kind)) return true; // terms are public; 'all' names nothing
  const author = row.author ?? 0;
  return [row.old_status, row.new_status].some((status) => status !== null && can.readPost(actor, { author, status }));
}

/** The Last-Event-ID header (what EventSource resends on reconnect), else the parameter. */
function resumeFrom(request: FastifyRequest, param: number | undefined): number | undefined {
  const header = request.headers['last-event-id'];
  if (header === undefined || header === '') return param;
  const text = Array.isArray(header) ? header[0]! : header;
  if (!/^\d{1,15}$/.test(text)) throw invalidParam('last_event_id', 'Last-Event-ID must be a change number (digits).');
  return Number(text);
}

interface StreamStart {
  /** Send `reset` (refetch everything) instead of a backlog. */
  reset: boolean;
  backlog: ChangeRow[];
  /** The client has everything through this seq once the backlog is sent. */
  cursor: number;
}

/** What the stream starts with, read in the request's snapshot. */
function streamStart(ctx: RequestContext, from: number | undefined): StreamStart {
  const latest = ctx.store.changes.latest();
  if (from === undefined) return { reset: false, backlog: [], cursor: latest };
  // Behind what was pruned, too far behind, or ahead of the log (it was restored from a backup).
  if (from < ctx.store.changes.prunedThrough() || latest - from > MAX_BACKLOG || from > latest)
    return { reset: true, backlog: [], cursor: latest };
  return { reset: false, backlog: ctx.store.changes.after(from, MAX_BACKLOG + 1), cursor: latest };
}

function open(ctx: RequestContext, start: StreamStart, request: FastifyRequest, reply: FastifyReply): void {
  const hub = request.server.changeHub;
  const site = ctx.site;
  const siteCodes = new Map<number, string>([[site.id, site.code]]);
  const codeOf = (siteId: number) => {
    if (!siteCodes.has(siteId)) for (const each of ctx.store.sites.list()) siteCodes.set(each.id, each.code);
    return siteCodes.get(siteId) ?? '';
  };
  reply.hijack();
  const raw = reply.raw;
  // The headers the hooks set so far (CORS, security) go out with the stream's own.
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-accel-buffering': 'no',
  });
  const write = (event: string, id: number, data: unknown) =>
    raw.write(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
  const deliver = (rows: ChangeRow[], through: number) => {
    const changes: Change[] = [];
    for (const row of rows) {
      if (!mayHear(ctx.actor, site.id, row)) continue;
      changes.push({
        seq: row.seq,
        site: codeOf(row.site_id),
        kind: row.kind as Change['kind'],
        id: row.object_id,
        action: row.action as Change['action'],
      });
    }
    // Nothing this caller may hear of: no message (its id moves on with the next one it may).
    if (changes.length > 0) write('changes', through, { changes });
  };

  raw.write('retry: 2000\n\n'); // EventSource's reconnect delay
  if (start.reset) write('reset', start.cursor, { seq: start.cursor });
  else if (start.backlog.length > 0) deliver(start.backlog, start.cursor);
  write('ready', start.cursor, { seq: start.cursor });

  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const unsubscribe = hub.subscribe({ deliver, end: () => raw.end() }, start.cursor);
  raw.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

export const changeRoutes: RouteSpec[] = [
  {
    path: '/changes',
    tag: 'changes',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: ChangesArgs,
        summary:
          'The change stream (text/event-stream): `changes` messages (ChangesMessage) as they are committed, `ready` once live, `reset` when the client must refetch everything',
        responses: {
          200: { description: 'A stream of Server-Sent Events; each message id is a change number to resume from.' },
          400: { description: 'Last-Event-ID is not a change number.', schema: Type.Ref(ErrorBody) },
          503: { description: 'Too many streams are open.', schema: Type.Ref(ErrorBody) },
        },
        // A stream, never a cached answer.
        cacheable: false,
        validate: ({ request, args }) => resumeFrom(request, args.last_event_id),
        permission: ({ request }) => {
          if (request.server.changeHub.size >= MAX_STREAMS)
            throw new ApiError(503, 'almanac_too_many_streams', 'Too many change streams are open; close some.');
        },
        handler: ({ ctx, prepared }) => {
          const start = streamStart(ctx, prepared as number | undefined);
          return { body: new ReplyLater((request, reply) => open(ctx, start, request, reply)) };
        },
      }),
    ],
  },
];
