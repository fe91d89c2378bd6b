// The Almanac service as a Fastify plugin: guards, site resolution, authentication, error
// shape, and the svc/events/v1 routes for every site. It never listens (see listen.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formBody from '@fastify/formbody';
import type { Store } from './db/store.ts';
import type { Site } from './db/repositories/sites.ts';
import { ALL_ROUTES } from './api/routes.ts';
import { registerRoutes, type OwnContextConfig } from './http/register.ts';
import { errorHandler, notFoundHandler } from './http/error-handler.ts';
import { checkHostAndOrigin, isAllowedOrigin, isCorsOrigin, loopbackHosts, type GuardOptions } from './http/guard.ts';
import { authenticate, claimedCredential, type AuthSources } from './http/auth.ts';
import { tokenUseRecorder } from './http/token-use.ts';
import { requestContext, type RequestContext } from './http/context.ts';
import { APP_ROUTES } from './app-api/routes.ts';
import { APP_NAMESPACE, EVENTS_NAMESPACE } from './http/namespaces.ts';
import { DesktopSessions } from './http/desktop-sessions.ts';
import { loadUiAssets, registerUi, type UiAssets } from './http/ui.ts';
import { ApiError } from './http/errors.ts';
import { forbidden } from './operations/errors.ts';
import { parseParams } from './http/query-string.ts';
import { registerPermalinkPages } from './api/pages/item-pages.ts';
import { registerIcalPages } from './app-api/exchange/ical-pages.ts';
import { discoveryDocument } from './api/describe/discovery.ts';
import { routeEntry } from './api/describe/namespace-index.ts';
import { describerFor } from './api/describe/descriptions.ts';
import { registerBenchRoute } from './http/bench-route.ts';
import { ResponseCache } from './http/response-cache.ts';
import { registerUploadTypes } from './http/upload-body.ts';
import { AuthThrottle } from './http/auth-throttle.ts';
import { ReadWorker, type ReadJob } from './read-worker/read-worker-client.ts';
import { errorAnswer, offThreadEndpoints, runReadJob } from './read-worker/read-job.ts';
import { ChangeHub, type ChangeHubOptions } from './app-api/changes/change-hub.ts';
import { rotatingBackupInWorker } from './db/backup.ts';
import { BackgroundProblems } from './background-problems.ts';
import { componentsOf } from './http/serializers.ts';
import { COMPONENTS } from '../contract/representations.ts';
import { calDavPlugin, type CalDavOptions } from './caldav/plugin.ts';
import { Admission, type AdmissionLimits } from './caldav/admission.ts';
import type { NetworkSharing } from './caldav/network/sharing.ts';
import { ImportJobs } from './import-jobs/import-jobs.ts';
import { writeGateOf } from './http/write-gate.ts';
import { dirname, resolve } from 'node:path';
import { cliCommandHere, type CliCommand } from './cli-command.ts';
import type { CommandLine } from '../contract/app/session.ts';

/**
 * How much lower CalDAV's worker thread runs (Linux nice steps): 10 gives the event loop about
 * nine times its share of a core when both want one, and a sync on an idle machine loses nothing.
 * ALMANAC_CALDAV_WORKER_NICENESS=0..19 sets another (the hostile-load run compares them).
 */
const CALDAV_WORKER_NICENESS = (() => {
  const given = Number(process.env.ALMANAC_CALDAV_WORKER_NICENESS ?? 10);
  return Number.isInteger(given) ? Math.min(19, Math.max(0, given)) : 10;
})();

export interface AppOptions extends GuardOptions {
  store: Store;
  /** Cache serialized GET responses (default true; ALMANAC_RESPONSE_CACHE=0 turns it off). */
  responseCache?: boolean;
  /** Serialize responses with the compiled response schemas (default true; tests compare with JSON.stringify). */
  schemaSerialization?: boolean;
  /** Benchmarks only: GET /__bench/bare?bytes=N answers N bytes of JSON without touching the database. */
  benchRoute?: boolean;
  /** The desktop window's in-memory sessions (service.ts makes them; tests may pass their own). */
  desktopSessions?: DesktopSessions;
  /** The UI served at `/`: the built renderer, or a placeholder page when it is not built. */
  ui?: UiAssets;
  /** Serve collection reads on a worker thread (default true; ALMANAC_READ_WORKER=0 turns it off; see read-worker-client.ts). */
  readWorker?: boolean;
  /** Writes a rotating backup now (service.ts passes its own, which stopping waits for). */
  backupNow?: (reason: string) => Promise<string>;
  /** Where background failures (backups, the read worker) are kept for the UI (service.ts passes its own). */
  problems?: BackgroundProblems;
  /** The change stream's polling and pruning (tests make them quick). */
  changes?: ChangeHubOptions;
  /** CalDAV on the network (service.ts makes it; tests may pass their own). */
  networkSharing?: NetworkSharing;
  /** Failed sign-ins, counted across the REST API and CalDAV (service.ts shares one with the network server). */
  authThrottle?: AuthThrottle;
  /** Where warnings and errors go, each 500 with its request (service.ts passes its log; server.ts). */
  log?: (line: string) => void;
  /** Characters one CalDAV multistatus may hold (default MAX_ANSWER_BYTES; tests make it small). */
  calDavAnswerBudget?: number;
  /** How CalDAV's expensive requests take turns (default ADMISSION_LIMITS; tests wait longer). */
  calDavAdmission?: AdmissionLimits;
  /** How long CalDAV's worker stays up without work (default a minute; tests make it short). */
  calDavWorkerIdleMs?: number;
  /** How to run the command line where this server runs (default: as this module finds it, cli-command.ts). */
  cliCommand?: CliCommand;
}

const SECURITY_HEADERS = Object.entries({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
});

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() when the request arrived (for Server-Timing). */
    receivedAt: number;
  }
  interface FastifyInstance {
    /** The worker serving the REST API's collection reads, when on (tests look at what it served). */
    readWorker?: ReadWorker;
    /** CalDAV's worker: whole-calendar reads and the objects clients PUT (tests look at what it served). */
    davWorker?: ReadWorker;
    /** What CalDAV is served with (the network server serves the same). */
    calDavOptions: CalDavOptions;
    /** Background failures, for almanac/v1/health and Settings → Backups. */
    problems: BackgroundProblems;
    /**
     * Says that this process wrote outside the REST routes (CalDAV, the series upkeep): the
     * response cache is emptied and the change streams look at the log. The routes do both
     * themselves; SQLite's data_version only tells of other connections' commits.
     */
    wroteInProcess: () => void;
    /** Imports of calendar files, each on a worker thread (almanac/v1/import, import-jobs). */
    importJobs: ImportJobs;
    /** How to run the command line here, with the data folder (almanac/v1/session says it). */
    commandLine: CommandLine;
  }
}

const SITE_CODE = /^[a-z0-9-]+$/;

function resolveContext(
  request: FastifyRequest,
  store: Store,
  throttle: AuthThrottle,
  sources: AuthSources,
): RequestContext {
  const code = (request.params as { site?: string }).site ?? 'default';
  // The default site lives at the root only; `svc` can never be a site code.
  if (
    code === 'svc' ||
    (code !== 'default' && !SITE_CODE.test(code)) ||
    (request.params as { site?: string }).site === 'default'
  ) {
    throw new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }
  const site = store.sites.byCode(code);
  if (!site) throw new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  const actor = authenticateThrottled(request, store, site, throttle, sources);
  if (site.requireAuth && !actor) throw forbidden(false);
  return requestContext(store, site, actor, request.headers.host ?? '127.0.0.1');
}

/** Authentication with failed attempts rate-limited per client address and claimed credential. */
function authenticateThrottled(
  request: FastifyRequest,
  store: Store,
  site: Site,
  throttle: AuthThrottle,
  sources: AuthSources,
) {
  // No Authorization header: anonymous, or the UI's session cookie (nothing to guess there).
  if (!request.headers.authorization) return authenticate(request, store, site, sources);
  const client = `${request.socket?.remoteAddress ?? 'local'}|${claimedCredential(request.headers.authorization)}`;
  try {
    // Checked first: a right credential is never refused for someone else's failures (auth-throttle.ts).
    return authenticate(request, store, site, sources);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const wait = throttle.recordFailure(client);
    if (wait > 0)
      throw new ApiError(
        429,
        'rest_too_many_auth_failures',
        'Too many failed authentication attempts; try again later.',
        { retry_after: Math.ceil(wait / 1000) },
      );
    throw error;
  }
}

/** `http://127.0.0.1:PORT` of this server (event pages in CalDAV objects name it). */
function loopbackOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  return `http://127.0.0.1${typeof address === 'object' && address ? `:${address.port}` : ''}`;
}

/** Longest request target accepted (path and query string). */
const MAX_URL_LENGTH = 8 * 1024;

export async function almanacApp(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { store } = options;
  const throttle =
    options.authThrottle ??
    new AuthThrottle(undefined, undefined, (client) =>
      app.log.warn(`sign-in failures from ${client.replace(/\|.*/, '')} passed the limit; further ones get 429`),
    );
  const sources: AuthSources = {
    desktop: options.desktopSessions ?? new DesktopSessions(),
    tokenUsed: tokenUseRecorder(store, (message) => app.log.warn(message)),
  };
  const cache = new ResponseCache(store.db, options.responseCache ?? process.env.ALMANAC_RESPONSE_CACHE !== '0');
  await app.register(formBody, { parser: (body) => parseParams(body), bodyLimit: 1024 * 1024 });
  // An empty body with Content-Type: application/json means "no parameters", as in WordPress: many
  // HTTP clients send that header on every request, DELETE included. Only a non-empty body that
  // is not JSON is rest_invalid_json.
  const parseJson = app.getDefaultJsonParser('error', 'error'); // refuses __proto__ / constructor keys
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    parseJson(request, String(body), done);
  });
  // Calendar files to import arrive as the body itself, read as a stream by their route.
  registerUploadTypes(app, ['text/calendar', 'text/csv'], (request) =>
    [`/${APP_NAMESPACE.name}/import`, `/${APP_NAMESPACE.name}/import-jobs`].some((path) =>
      (request.routeOptions.url ?? '').endsWith(path),
    ),
  );
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.decorateRequest('receivedAt', 0);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);

  // Once stop() has begun, requests that still arrive on open keep-alive connections are turned
  // away in our error shape (in-flight ones finish), and their connection is closed.
  // The origins the user allowed are read from the database (one point lookup, only for foreign
  // origins), so a change from Settings or the CLI applies to the next request.
  const guard: GuardOptions = {
    allowedOrigins: options.allowedOrigins,
    userAllowedOrigin: (origin) => store.origins.has(origin),
  };
  let closing = false;
  const changeHub = new ChangeHub(store, options.changes);
  app.decorate('changeHub', changeHub);
  const wroteInProcess = () => {
    cache.invalidate();
    changeHub.poke();
  };
  app.decorate('wroteInProcess', wroteInProcess);
  const problems = options.problems ?? new BackgroundProblems();
  app.decorate('problems', problems);
  app.decorate('commandLine', {
    ...(options.cliCommand ?? cliCommandHere()),
    data_dir: resolve(dirname(store.db.name)),
  } satisfies CommandLine);
  const writeBackup = options.backupNow ?? ((reason: string) => rotatingBackupInWorker(store.db.name, reason));
  app.decorate('backupNow', (reason: string) => {
    const written = writeBackup(reason);
    // Daily or asked for, a failed backup is kept for Settings → Backups and the window's notice.
    written.catch((error: Error) => problems.report('backup', `${reason} backup: ${error.message}`));
    return written;
  });
  const importJobs = new ImportJobs({
    gate: writeGateOf(store),
    // Another connection committed: the cache would notice (data_version) and the change hub at
    // its next tick; told now, open views refresh at once.
    committed: () => {
      cache.invalidate();
      changeHub.poke();
    },
    log: (line) => app.log.error(line),
  });
  app.decorate('importJobs', importJobs);
  app.addHook('onClose', async () => importJobs.stop());
  app.addHook('preClose', async () => {
    closing = true;
    changeHub.close(); // open streams would hold their connections (and close()) forever
  });
  app.addHook('onRequest', async (request, reply) => {
    request.receivedAt = performance.now();
    if (closing) {
      reply.header('connection', 'close');
      throw new ApiError(503, 'almanac_stopping', 'Almanac is stopping; try again once it has restarted.');
    }
    checkHostAndOrigin(request, guard);
    if (request.url.length > MAX_URL_LENGTH) {
      throw new ApiError(414, 'rest_uri_too_long', `The URL is longer than ${MAX_URL_LENGTH} characters.`);
    }
    const origin = request.headers.origin;
    if (origin && isCorsOrigin(origin, request.socket?.localPort, guard)) {
      // CORS only for the app's own origins: never `*`.
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
      reply.header('access-control-expose-headers', 'X-TEC-Total, X-TEC-TotalPages, ETag, Server-Timing, Link');
    }
  });
  const context = (request: FastifyRequest) => resolveContext(request, store, throttle, sources);
  const tables: [string, typeof ALL_ROUTES][] = [
    [EVENTS_NAMESPACE.name, ALL_ROUTES],
    [APP_NAMESPACE.name, APP_ROUTES],
  ];
  let readWorker: ReadWorker | undefined;
  let davWorker: ReadWorker | undefined;
  if (options.readWorker ?? process.env.ALMANAC_READ_WORKER !== '0') {
    const endpoints = offThreadEndpoints(tables);
    // When a worker cannot answer, the event loop runs the same job on its own connection.
    const runHere = (job: ReadJob) => {
      try {
        return runReadJob(store, endpoints, job);
      } catch (error) {
        app.log.error({ err: error }, 'unexpected error');
        return errorAnswer(error);
      }
    };
    // Every line it logs is a failure (it could not start, died, or faulted on a job): shown in the UI.
    const logFailure = (line: string) => {
      app.log.warn(line);
      problems.report('read-worker', line);
    };
    readWorker = new ReadWorker(store.db.name, runHere, logFailure);
    app.addHook('onClose', async () => readWorker?.stop());
    app.decorate('readWorker', readWorker);
    // CalDAV has a lane of its own (issue 37): a calendar app's whole-calendar reads (a chunk at
    // a time) and the objects clients PUT (up to a megabyte of iCalendar, ~100 ms of CPU at the
    // limits) run here — off the event loop, and never in front of the REST API's lists, which
    // waited behind an attacker's chunks on the one read worker before. As it starts, it warms
    // CalDAV's read path for loopback clients (caldav/warm-up.ts); what fails there is logged
    // only: reads still work, and one that fails the same way is reported.
    davWorker = new ReadWorker(
      store.db.name,
      runHere,
      logFailure,
      options.calDavWorkerIdleMs,
      process.env.ALMANAC_READ_WORKER_WARM_UP === '0'
        ? undefined
        : { job: () => ({ pageOrigin: loopbackOrigin(app) }), onFailure: (line) => app.log.warn(line) },
      // Its thread runs below the event loop's and the REST read worker's priority: what a caller
      // makes it do (bounded, and in turns) takes the CPU they leave, not theirs (read-worker.ts).
      CALDAV_WORKER_NICENESS,
      null, // no REST search runs here: no search keys read ahead
    );
    app.addHook('onClose', async () => davWorker?.stop());
    app.decorate('davWorker', davWorker);
  }
  app.addHook('preHandler', async (request) => {
    // The API routes resolve it inside their transaction (register.ts); the others here.
    if (!(request.routeOptions.config as OwnContextConfig).ownContext) request.ctx = context(request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Routes that need their own (the UI page's CSP, cacheable assets) set them first.
    for (const [name, value] of SECURITY_HEADERS) if (!reply.hasHeader(name)) reply.header(name, value);
    // The server's own time for the request (read to serialized), as browsers' devtools and the
    // UI bench read it: what the client waited for beyond that is transfer and parsing.
    reply.header('server-timing', `app;dur=${(performance.now() - request.receivedAt).toFixed(1)}`);
    // WordPress's API discovery: its client libraries find the REST root from this header on the
    // site's pages and on API answers. Our root is the site's base URL (namespaces below it).
    if (request.ctx?.baseUrl && !reply.hasHeader('link'))
      reply.header('link', `<${request.ctx.baseUrl}/>; rel="https://api.w.org/"`);
    return payload;
  });

  // CORS preflight for the allowed origins (API routes call it too, for a preflight: register.ts).
  const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!origin || !isAllowedOrigin(origin, loopbackHosts(request.socket?.localPort), guard))
      throw new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
    reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
    reply.header(
      'access-control-allow-headers',
      'Authorization, Content-Type, If-Match, X-WP-Nonce, X-HTTP-Method-Override, Last-Event-ID',
    );
    reply.header('access-control-max-age', '600');
    return reply.code(204).send();
  };
  app.options('*', preflight);

  for (const [namespace, routes] of tables)
    for (const prefix of [`/${namespace}`, `/:site/${namespace}`])
      registerRoutes(app, prefix, routes, {
        store,
        cache,
        namespace,
        context,
        readWorker,
        afterWrite: () => changeHub.poke(),
        preflight,
        // OPTIONS on a route (not a preflight) answers its description, as WordPress does.
        describeRoute: (ctx, route) =>
          routeEntry(
            ctx,
            namespace === APP_NAMESPACE.name ? APP_NAMESPACE : EVENTS_NAMESPACE,
            route,
            describerFor(ctx.site.language),
          ),
        schemaSerialization: options.schemaSerialization,
        components: componentsOf(COMPONENTS),
      });
  // CalDAV (/.well-known/caldav, /caldav/…): its own body parsers and error shape, encapsulated.
  // The network server (caldav/network/) serves the same, with the same throttle and change poke.
  const calDavOptions: CalDavOptions = {
    store,
    throttle,
    tokenUsed: sources.tokenUsed,
    afterWrite: wroteInProcess,
    pageOrigin: () => loopbackOrigin(app),
    davWorker,
    log: options.log,
    answerBudget: options.calDavAnswerBudget,
    // One for both servers: a caller's expensive requests take turns over loopback and the network alike.
    admission: new Admission(options.calDavAdmission),
  };
  await app.register(calDavPlugin, calDavOptions);
  app.decorate('calDavOptions', calDavOptions);
  app.decorate('networkSharing', options.networkSharing ?? null);
  if (options.benchRoute) registerBenchRoute(app);
  registerUi(app, store, options.ui ?? loadUiAssets(undefined), discoveryDocument);
  for (const prefix of ['', '/:site']) {
    registerPermalinkPages(app, prefix);
    registerIcalPages(app, prefix, store, context);
  }
}

// Registered without encapsulation, so its error and not-found handlers cover the whole server.
(almanacApp as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
