// One read job: the same endpoint call a request makes on the event loop (callEndpoint), inside
// one read transaction of the given store, answered as status, headers and serialized body. The
// worker runs it on its own connection; the event loop runs it itself when the worker cannot.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/store.ts';
import type { Endpoint, RouteSpec } from '../http/route.ts';
import { requestContext } from '../http/context.ts';
import { asApiError, noRoute } from '../http/errors.ts';
import { toApiError } from '../http/error-handler.ts';
import { callEndpoint, endpointKey, serializerOf } from '../http/register.ts';
import { componentsOf, serializerFor } from '../http/serializers.ts';
import { APP_NAMESPACE, EVENTS_NAMESPACE } from '../http/namespaces.ts';
import type { Actor } from '../domain/roles.ts';
import { validatorOf } from '../operations/input.ts';
import { COMPONENTS } from '../../contract/representations.ts';

const RESPONSE_COMPONENTS = componentsOf(COMPONENTS);
import type { ReadAnswer, ReadJob } from './read-worker-client.ts';

/** endpointKey → endpoint, for the endpoints of the given route tables that may run off-thread. */
export function offThreadEndpoints(tables: [namespace: string, routes: RouteSpec[]][]): Map<string, Endpoint> {
  const endpoints = new Map<string, Endpoint>();
  for (const [namespace, routes] of tables)
    for (const route of routes)
      for (const endpoint of route.endpoints)
        if (endpoint.offThread) endpoints.set(endpointKey(namespace, route, endpoint), endpoint);
  return endpoints;
}

/** The answer errorHandler would give, as data (the worker has no Fastify reply). */
export function errorAnswer(error: unknown): ReadAnswer {
  const apiError = toApiError(error as Error);
  const headers: Record<string, string> = {};
  if (apiError.status === 401) headers['www-authenticate'] = 'Bearer realm="almanac", Basic realm="almanac"';
  return { status: apiError.status, headers, body: JSON.stringify(apiError.toBody()) };
}

/** `offThread` handlers never touch the request or reply: these stand-ins make a slip fail loudly. */
const absent = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`an offThread endpoint read request/reply.${String(property)}`);
    },
  },
) as FastifyRequest & FastifyReply;

/**
 * Runs `job` in one read transaction of `store`. An ApiError becomes its error answer; anything
 * else is thrown (the caller logs it and answers 500).
 */
export function runReadJob(store: Store, endpoints: Map<string, Endpoint>, job: ReadJob): ReadAnswer {
  const endpoint = endpoints.get(job.key);
  if (!endpoint) return errorAnswer(noRoute());
  try {
    return store.snapshot(() => {
      const site = store.sites.byCode(job.siteCode);
      if (!site) throw noRoute();
      const ctx = requestContext(store, site, job.actor, job.host);
      const result = callEndpoint(endpoint, {
        ctx,
        raw: job.raw,
        write: false,
        ifMatch: undefined,
        request: absent,
        reply: absent,
      });
      const body = serializerOf(endpoint, RESPONSE_COMPONENTS, job.schemaSerialization)(result.status)(result.body);
      return { status: result.status, headers: result.headers, body };
    });
  } catch (error) {
    if (asApiError(error)) return errorAnswer(error);
    throw error;
  }
}

/**
 * Compiles what an endpoint's first job would: its arguments' validator and its answer's
 * serializer (26 ms together for the event list, a third of the first search's 74 ms in a profile
 * at 100k events; 14 ms the second time). The worker does it for its endpoints in one idle moment.
 */
export function prepareEndpoint(endpoint: Endpoint): void {
  validatorOf(endpoint.args);
  serializerFor(endpoint, 200, RESPONSE_COMPONENTS);
}

/**
 * A public list and a public search of the site, and the Events list's search as its owner asks it
 * (almanac/v1's event list, every status), answered and thrown away while the worker is idle: the
 * first list or search a person asks for then runs code the JIT has seen and statements already
 * prepared (a first search at 100k events took 74 ms in the worker, the same search again 14). The
 * owner's search is for a word of the site's first listed event, so it reads a real part of the
 * index and the rows' JSON, as a person's first search does (a profile of bench:ui's first search
 * after the public warm-up alone: 103 ms in the worker, the same search again 36, at load 6).
 */
export function warmListAndSearch(store: Store, endpoints: Map<string, Endpoint>, siteCode: string): void {
  const key = `${EVENTS_NAMESPACE.name} GET /events`;
  const ownersKey = `${APP_NAMESPACE.name} GET /event-list`;
  // A renamed route would otherwise make this a quiet 404 that warms nothing.
  for (const each of [key, ownersKey])
    if (!endpoints.has(each)) throw new Error(`no off-thread endpoint ${each} to warm`);
  const run = (raw: Record<string, unknown>, actor: Actor | null = null, endpoint = key): ReadAnswer => {
    const answer = runReadJob(store, endpoints, {
      key: endpoint,
      siteCode,
      actor,
      host: '127.0.0.1',
      raw,
      schemaSerialization: true,
    });
    if (answer.status !== 200)
      throw new Error(`warming ${endpoint} ${JSON.stringify(raw)}: ${answer.status} ${answer.body}`);
    return answer;
  };
  const list = JSON.parse(run({ per_page: 25 }).body) as { events?: { title?: string }[] };
  run({ search: 'almanac warm up', per_page: 25 });
  const owner = store.users.installAdministrator();
  if (!owner) return;
  const word = /[\p{L}\p{N}]{3,}/u.exec(list.events?.[0]?.title ?? '')?.[0] ?? 'almanac warm up';
  run(
    { search: word, page: 1, per_page: 25 },
    { userId: owner.id, login: owner.login, role: 'administrator' },
    ownersKey,
  );
}
