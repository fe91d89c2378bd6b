// CalDAV (RFC 4791) on Almanac's data, as a Fastify plugin: `/.well-known/caldav` (RFC 6764) and
// everything under `/caldav/`. It is a thin protocol adapter: paths and XML in, the event
// operations and the export's reads underneath, 207s and iCalendar out. The loopback server
// registers it beside the REST API (app.ts); "Share on my network" serves it alone over HTTPS
// (network/lan-server.ts).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OwnContextConfig } from '../http/register.ts';
import { authenticateDav, siteAccess, type DavAuthOptions, type DavUser } from './auth.ts';
import { DavError, bodyTooLarge, calDavCondition, davCondition, davErrorHandler } from './errors.ts';
import { parseDavPath, ROOT, type DavPath } from './paths.ts';
import { calendarScopeFor, depthOf, propfind, type DavServices } from './propfind.ts';
import { proppatch } from './proppatch.ts';
import { davErrorOf, davRead, type DavReadJob } from './dav-read.ts';
import type { ReadWorker } from '../read-worker/read-worker-client.ts';
import { deleteObject, putObject, type ClientObjectReader } from './object-writes.ts';
import { readClientObject } from './object-limits.ts';
import { writeGateOf } from '../http/write-gate.ts';
import { findServedObject, type CalendarScope } from './scope.ts';
import { notModified } from './conditions.ts';
import { MAX_RESOURCE_SIZE, OBJECT_CONTENT_TYPE } from './properties.ts';
import { parseXml } from './xml.ts';
import { NO_BODY_BYTES, PROPERTY_BODY_BYTES, PROPERTY_XML, REPORT_BODY_BYTES } from './limits.ts';
import { closeConnections } from './read-connections.ts';
import { clearObjectCaches } from './object-cache.ts';
import { Admission, isExpensive, type Admitted } from './admission.ts';

/** WebDAV's methods beyond HTTP's own that Fastify must route (it knows only a few by default). */
export const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCALENDAR', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'];

/** Teaches a Fastify instance WebDAV's methods (call on the root instance, before plugins). */
export function addDavMethods(app: FastifyInstance): void {
  for (const method of DAV_METHODS)
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
}

export interface CalDavOptions extends DavServices, DavAuthOptions {
  /** Called after every committed write (the change stream looks at once: app.ts passes its poke). */
  afterWrite?: () => void;
  /**
   * CalDAV's own worker (app.ts): whole-calendar reads (dav-read.ts) and the objects clients PUT
   * run there, never on the event loop and never in front of the REST API's lists on the read
   * worker. Without one, on the event loop.
   */
  davWorker?: ReadWorker;
  /** Characters one multistatus answer may hold (default MAX_ANSWER_BYTES; tests make it small). */
  answerBudget?: number;
  /** The service's log (the network server logs its 500s there too). */
  log?: (line: string) => void;
  /**
   * Who runs expensive requests when (admission.ts): one instance for the loopback server and the
   * network one, so their callers share its slots. Without one, the plugin makes its own.
   */
  admission?: Admission;
}

/** What the hooks worked out about a request before its body was read, for the handler. */
interface DavCall {
  path: DavPath;
  /** Undefined for OPTIONS, which anyone may ask. */
  user?: DavUser;
  /** Set when the request is expensive: its turn, and its shared slot once taken. */
  admitted?: Admitted;
}

/**
 * The largest body each method may send, refused (413) from its Content-Length before it is read,
 * or as soon as it passes the limit: PROPFIND and PROPPATCH bodies are a few hundred bytes, a
 * REPORT may name 20,000 hrefs, a PUT carries one object; nothing else needs a body.
 */
const BODY_LIMITS: [string[], number][] = [
  [['PROPFIND', 'PROPPATCH'], PROPERTY_BODY_BYTES],
  [['REPORT'], REPORT_BODY_BYTES],
  [['PUT'], MAX_RESOURCE_SIZE],
];

/** The methods that write to the database. */
const WRITES = new Set(['PUT', 'DELETE', 'PROPPATCH']);
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';
const DAV_HEADER = '1, 3, access-control, calendar-access';
const XML_TYPE = 'application/xml; charset=utf-8';

function bodyOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

const XML_TYPES = new Set(['', 'application/xml', 'text/xml', 'text/plain']);

/** Whether there is a body; 415 for a body that is not XML. */
function hasXmlBody(request: FastifyRequest): boolean {
  if (bodyOf(request).length === 0) return false;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  // Some clients label their XML text/plain; anything else (JSON, iCalendar…) is not a WebDAV body.
  if (!XML_TYPES.has(type)) throw new DavError(415, 'Send the body as XML (Content-Type: application/xml).');
  return true;
}

/** The XML body of a PROPFIND or PROPPATCH, or undefined when there is none; 415 for a body that is not XML. */
function xmlBody(request: FastifyRequest) {
  return hasXmlBody(request) ? parseXml(bodyOf(request).toString('utf8'), PROPERTY_XML) : undefined;
}

/** Sends a 207 made as it streams; everything that can refuse runs before its first chunk. */
async function sendMultistatus(reply: FastifyReply, chunks: AsyncGenerator<string>) {
  const first = await chunks.next();
  async function* all() {
    if (!first.done) yield first.value;
    yield* chunks;
  }
  reply.code(207).type(XML_TYPE).header('dav', DAV_HEADER);
  return reply.send(Readable.from(all()));
}

export async function calDavPlugin(app: FastifyInstance, options: CalDavOptions): Promise<void> {
  const { store } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler(davErrorHandler);
  // Whole-calendar reads keep read connections between requests: none outlives the server.
  const file = store.db.name;
  app.addHook('onClose', async () => {
    closeConnections(file);
    clearObjectCaches(file);
  });
  const config: OwnContextConfig = { ownContext: true };
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', ...DAV_METHODS];

  // RFC 6764 §5: the well-known address redirects to where the service lives.
  app.route({
    method: methods,
    url: '/.well-known/caldav',
    config,
    handler: async (_request, reply) => reply.code(301).header('location', `${ROOT}/`).send(),
  });

  const gate = writeGateOf(store);
  const admission = options.admission ?? new Admission();
  const calls = new WeakMap<FastifyRequest, DavCall>();

  /**
   * Before the body is read: the path, the caller (401/429 and the 403 for another user's
   * calendars come before anything is received), and for an expensive request its caller's turn
   * (admission.ts: it may wait, or be refused 503). What it holds is given back when the answer
   * is done, or the client goes away.
   */
  const preParsing = async (request: FastifyRequest, reply: FastifyReply) => {
    // A body its Content-Length says is too large is refused before anything else (as Fastify would, later).
    if (Number(request.headers['content-length'] ?? 0) > request.routeOptions.bodyLimit!)
      throw bodyTooLarge(request.method);
    const path = parseDavPath(request.raw.url ?? request.url);
    const call: DavCall = { path };
    calls.set(request, call);
    if (request.method === 'OPTIONS') return;
    const user = authenticateDav(request, options);
    call.user = user;
    // A calendar app's cheap request (a PROPFIND for the ctag) comes before its sync or its PUT:
    // the CalDAV worker is started now if it stopped idle, and its idle stop put off, so the
    // request that needs it does not wait for a thread to boot (seconds from the sources under
    // load: the first PUT of a run took 5.9 s before).
    options.davWorker?.prepare();
    if ('login' in path && path.login.toLowerCase() !== user.login.toLowerCase())
      throw new DavError(
        403,
        `These are ${path.login}'s calendars, not ${user.login}'s.`,
        davCondition('need-privileges'),
      );
    const { headers } = request;
    const expensive = isExpensive({
      method: request.method,
      calendar: path.kind === 'calendar',
      depth: headers.depth as string | undefined,
      contentLength: headers['content-length'],
      chunked: headers['transfer-encoding'] !== undefined,
    });
    if (!expensive) return;
    const gone = new AbortController();
    const closed = () => {
      gone.abort();
      call.admitted?.done();
    };
    reply.raw.once('close', closed);
    call.admitted = await admission.admit(`${user.id}|${request.socket?.remoteAddress ?? 'local'}`, gone.signal);
    // The client may have gone while it waited: then nothing will give the turn back but this.
    if (gone.signal.aborted) call.admitted.done();
  };

  /** After the body is read: a write waits for the write gate, then an expensive request for a shared slot. */
  const preHandler = async (request: FastifyRequest) => {
    const admitted = calls.get(request)?.admitted;
    if (!admitted) return;
    if (WRITES.has(request.method)) while (gate.closed) await gate.whenOpen();
    await admitted.slot();
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // A write waits while an import holds the write lock on its worker (write-gate.ts).
    if (WRITES.has(request.method)) while (gate.closed) await gate.whenOpen();
    const { path, user } = calls.get(request)!;
    if (request.method === 'OPTIONS') return reply.code(200).header('dav', DAV_HEADER).header('allow', ALLOW).send();
    if (!user) throw new Error('a CalDAV request reached its handler without a caller');
    const scopeOf = (code: string): CalendarScope => {
      const { site, actor } = siteAccess(store, user, code);
      return calendarScopeFor(options, user, site, actor);
    };
    switch (request.method) {
      case 'PROPFIND':
        if (path.kind === 'calendar' && depthOf(request.headers.depth as string | undefined) === '1') {
          // The body is read where the job runs (a malformed one is refused before the first line).
          hasXmlBody(request);
          scopeOf(path.site);
          return sendMultistatus(reply, whole({ kind: 'propfind', user, path, depth: '1', request }));
        }
        return sendMultistatus(
          reply,
          propfind(
            options,
            user,
            path,
            xmlBody(request),
            depthOf(request.headers.depth as string | undefined),
            scopeOf,
            options.answerBudget,
          ),
        );
      case 'PROPPATCH': {
        const body = xmlBody(request);
        if (!body) throw new DavError(400, 'PROPPATCH needs a DAV:propertyupdate body.');
        const scope = path.kind === 'calendar' ? scopeOf(path.site) : undefined;
        if (path.kind === 'object') scopeOf(path.site);
        return reply
          .code(207)
          .type(XML_TYPE)
          .send(proppatch(store, scope, request.url.split('?')[0]!, body));
      }
      case 'REPORT': {
        if (!hasXmlBody(request)) throw new DavError(400, 'REPORT needs a body naming the report.');
        if (path.kind !== 'calendar')
          throw new DavError(403, 'Reports are answered on a calendar.', davCondition('supported-report'));
        scopeOf(path.site);
        return sendMultistatus(reply, whole({ kind: 'report', user, path, depth: '1', request }));
      }
      case 'GET':
      case 'HEAD': // the GET's status and headers; Node sends no body for a HEAD
        return get(request, reply, path, scopeOf);
      case 'PUT':
        return put(request, reply, path, scopeOf);
      case 'DELETE': {
        if (path.kind !== 'object')
          throw new DavError(403, 'Only events can be deleted here; sites are managed in Almanac.');
        deleteObject(scopeOf(path.site), store, path.name, conditionsOf(request));
        options.afterWrite?.();
        return reply.code(204).send();
      }
      case 'MKCALENDAR':
      case 'MKCOL':
        throw new DavError(403, 'Each Almanac site is a calendar: create a site in Almanac to get another one.');
      default:
        return reply.code(405).header('allow', ALLOW).type(XML_TYPE).send();
    }
  };

  /** A whole-calendar read (dav-read.ts), on the read worker when there is one. */
  function whole(read: Omit<DavReadJob, 'body' | 'pageOrigin'> & { request: FastifyRequest }): AsyncGenerator<string> {
    const { request, ...rest } = read;
    const job: DavReadJob = {
      ...rest,
      // The bytes: the worker decodes them (a copy of bytes crosses, not a string made here).
      body: bodyOf(request),
      pageOrigin: options.pageOrigin(),
      answerBudget: options.answerBudget,
    };
    const local = () => davRead(options, job);
    return options.davWorker ? options.davWorker.stream({ kind: 'caldav', job }, local, davErrorOf) : local();
  }

  const conditionsOf = (request: FastifyRequest) => ({
    ifMatch: request.headers['if-match'],
    ifNoneMatch: request.headers['if-none-match'],
  });

  async function get(
    request: FastifyRequest,
    reply: FastifyReply,
    path: DavPath,
    scopeOf: (code: string) => CalendarScope,
  ) {
    if (path.kind !== 'object') {
      if (path.kind === 'calendar') scopeOf(path.site);
      return reply
        .type('text/plain; charset=utf-8')
        .send(
          "This is Almanac's CalDAV service: add its address to a calendar app (Settings → Connect a calendar app).\n",
        );
    }
    const scope = scopeOf(path.site);
    const object = store.snapshot(() => findServedObject(scope, store, path.name));
    if (!object) throw new DavError(404, 'There is no such object in this calendar.');
    reply.header('etag', object.etag).header('cache-control', 'private, no-cache');
    if (notModified(request.headers['if-none-match'], object.etag)) return reply.code(304).send();
    return reply.type(OBJECT_CONTENT_TYPE).send(object.text);
  }

  async function put(
    request: FastifyRequest,
    reply: FastifyReply,
    path: DavPath,
    scopeOf: (code: string) => CalendarScope,
  ) {
    if (path.kind !== 'object') {
      throw new DavError(405, 'Objects are put into a calendar, one event each.', undefined, '', {
        allow: 'OPTIONS, GET, PROPFIND, PROPPATCH, REPORT',
      });
    }
    const scope = scopeOf(path.site);
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'text/calendar')
      throw new DavError(
        415,
        'Send the event as iCalendar (Content-Type: text/calendar).',
        calDavCondition('supported-calendar-data'),
      );
    const body = bodyOf(request);
    if (body.length > MAX_RESOURCE_SIZE)
      throw new DavError(
        413,
        `An object may be at most ${MAX_RESOURCE_SIZE} bytes.`,
        calDavCondition('max-resource-size'),
      );
    const worker = options.davWorker;
    const reader: ClientObjectReader | undefined = worker
      ? (text, timezone) =>
          worker.parse({ kind: 'caldav-object', text, timezone }, () => readClientObject(text, timezone), davErrorOf)
      : undefined;
    const { created } = await putObject(scope, store, path.name, body.toString('utf8'), conditionsOf(request), reader);
    options.afterWrite?.();
    // No ETag: the stored object is Almanac's rendering of what was sent, not its octets (RFC 4791 §5.3.4).
    return reply.code(created ? 201 : 204).send();
  }

  const limited = new Set(BODY_LIMITS.flatMap(([names]) => names));
  for (const [method, bodyLimit] of [
    ...BODY_LIMITS,
    [methods.filter((name) => !limited.has(name)), NO_BODY_BYTES] as [string[], number],
  ] as const) {
    for (const url of [ROOT, `${ROOT}/*`])
      app.route({
        method,
        url,
        config,
        handler,
        bodyLimit,
        preParsing: async (request, reply, payload) => {
          await preParsing(request, reply);
          return payload;
        },
        preHandler,
      });
  }
}

export type { DavUser };
