// almanac/v1/sites/{code}/website — Settings → a site → Website: connect a The Events Calendar
// website (typed credentials, or WordPress's authorize-application page), the sync's state (last
// sync, changes waiting, conflicts, failures), sync now, resolve a conflict ("keep mine / take
// theirs"), retry a failure, an event's place on the website ("not on the website" marks), and
// disconnect. The same operations as `almanac website …` (server/website-sync/website-service.ts);
// the state is live on the change stream (kind `website`, migrations 0020 and 0022).
// Reading the state: editors and up of the site; changing it: its administrators.
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { ReplyLater } from '../../http/reply-later.ts';
import { ApiError } from '../../http/errors.ts';
import type { RequestContext } from '../../http/context.ts';
import { forbidden, invalidParam, said } from '../../operations/errors.ts';
import type { Site } from '../../db/repositories/sites.ts';
import type { Role } from '../../domain/roles.ts';
import { websiteRepositories } from '../../db/repositories/website-sync.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import {
  WebsiteArgs,
  WebsiteAuthorization,
  WebsiteAuthorizeArgs,
  WebsiteConnectArgs,
  WebsiteConnected,
  WebsiteEventArgs,
  WebsiteEventState,
  WebsiteFailureArgs,
  WebsiteResolveArgs,
  WebsiteState,
  WebsiteSyncOutcome,
} from '../../../contract/app/website.ts';
import {
  connectWebsite,
  disconnectWebsite,
  failureView,
  resolveConflict,
  retryFailure,
  websiteStatus,
  WebsiteOperationError,
} from '../../website-sync/website-service.ts';
import { authorizationUrl, WebsiteCheckError, type CheckFailure } from '../../website-sync/check-website.ts';
import { FileCredentialStore } from '../../website-sync/credentials.ts';
import { WebsiteScheduler, websiteSchedulerOf } from '../../website-sync/scheduler.ts';
import { notOnWebsite } from '../../website-sync/unsynced.ts';
import { writeGateOf } from '../../http/write-gate.ts';

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });
const JSON_TYPE = 'application/json; charset=utf-8';

/** The scheduler of this service (service.ts registers it), or an on-demand one over the data folder's password file. */
function scheduler(ctx: RequestContext, wrote: () => void): WebsiteScheduler {
  return websiteSchedulerOf(
    ctx.store,
    () =>
      new WebsiteScheduler({
        store: ctx.store,
        credentials: new FileCredentialStore(dirname(ctx.store.db.name)),
        wrote,
        whenWritable: () => writeGateOf(ctx.store).whenOpen(),
      }),
  );
}

function siteOf(ctx: RequestContext, code: string): Site {
  const site = ctx.store.sites.byCode(code);
  if (!site) throw new ApiError(404, 'almanac_no_site', `There is no site "${code}".`);
  return site;
}

const ROLE_RANK: Role[] = ['subscriber', 'contributor', 'author', 'editor', 'administrator'];

function requireRole(ctx: RequestContext, code: string, least: Role): void {
  const site = siteOf(ctx, code);
  const user = ctx.actor && ctx.store.users.byId(ctx.actor.userId);
  const role = user ? (user.super_admin ? 'administrator' : ctx.store.users.roleOn(site.id, user)) : undefined;
  if (!role || ROLE_RANK.indexOf(role) < ROLE_RANK.indexOf(least)) throw forbidden(ctx.actor !== null);
}

const editors = ({ ctx, args }: { ctx: RequestContext; args: { code: string } }) =>
  requireRole(ctx, args.code, 'editor');
const administrators = ({ ctx, args }: { ctx: RequestContext; args: { code: string } }) =>
  requireRole(ctx, args.code, 'administrator');

/** Which field a refused connection is about (the UI says it there). */
const FAILURE_FIELD: Record<CheckFailure, 'url' | 'user' | 'password'> = {
  bad_address: 'url',
  unreachable: 'url',
  untrusted_certificate: 'url',
  not_wordpress: 'url',
  not_tec: 'url',
  password_ignored: 'url',
  wrong_password: 'password',
  not_signed_in: 'password',
  cannot_edit_events: 'user',
};

function sendJson(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify(body));
}

function operationFailure(failure: unknown): never {
  if (failure instanceof WebsiteOperationError) {
    const status = failure.code === 'not_connected' || failure.code.startsWith('no_') ? 404 : 400;
    throw new ApiError(status, `almanac_website_${failure.code}`, failure.message);
  }
  throw failure;
}

export const websiteRoutes: RouteSpec[] = [
  {
    path: '/sites/{code}/website',
    tag: 'website',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: WebsiteArgs,
        summary: "The site's website sync: connection, last sync, changes waiting, conflicts, failures",
        responses: {
          200: { description: 'The state.', schema: WebsiteState },
          401: error('Not signed in.'),
          403: error('Not an editor or administrator of the site.'),
          404: error('No such site.'),
        },
        cacheable: false, // the lease's expiry moves with the clock, not with the database
        permission: editors,
        handler: ({ ctx, args, request }) => ({
          body: websiteStatus(
            ctx.store,
            siteOf(ctx, args.code),
            scheduler(ctx, request.server.wroteInProcess).credentials,
          ),
        }),
      }),
      endpoint({
        methods: ['PUT', 'POST'],
        args: WebsiteConnectArgs,
        summary:
          'Connect the site to a website (checked first: The Events Calendar API, a real sign-in with the rights to edit events, HTTPS); the password is kept outside the calendar file',
        responses: {
          200: { description: 'Connected; the first sync starts soon.', schema: WebsiteConnected },
          400: error(
            'Refused, saying why at the field it is about (url, user, password): no TEC API, a password ignored over plain HTTP, a wrong password, no right to edit events…',
          ),
          401: error('Not signed in.'),
          403: error('Not an administrator of the site.'),
        },
        permission: administrators,
        handler: ({ ctx, args }) => ({
          body: new ReplyLater(async (request, reply) => {
            const site = siteOf(ctx, args.code);
            const host = scheduler(ctx, request.server.wroteInProcess);
            try {
              const checked = await connectWebsite(ctx.store, host.credentials, site, {
                url: args.url,
                login: args.user,
                password: args.password,
                mode: args.mode ?? 'merge',
              });
              void host.syncNow(site.id);
              return sendJson(reply, 200, {
                ...websiteStatus(ctx.store, site, host.credentials),
                site_name: checked.name,
                limits: checked.limits,
              });
            } catch (failure) {
              if (failure instanceof WebsiteCheckError)
                throw invalidParam(FAILURE_FIELD[failure.failure], said(`website_${failure.failure}`, failure.message));
              return operationFailure(failure);
            }
          }),
        }),
      }),
      endpoint({
        methods: ['DELETE'],
        args: WebsiteArgs,
        summary: 'Disconnect: the pairings, queue and password are forgotten; nothing is deleted on either side',
        responses: {
          200: { description: 'Disconnected.', schema: WebsiteState },
          401: error('Not signed in.'),
          403: error('Not an administrator of the site.'),
          404: error('The site is not connected.'),
        },
        permission: administrators,
        handler: ({ ctx, args }) => ({
          body: new ReplyLater(async (request, reply) => {
            const site = siteOf(ctx, args.code);
            const host = scheduler(ctx, request.server.wroteInProcess);
            await disconnectWebsite(ctx.store, host.credentials, site).catch(operationFailure);
            return sendJson(reply, 200, websiteStatus(ctx.store, site, host.credentials));
          }),
        }),
      }),
    ],
  },
  {
    path: '/sites/{code}/website/sync',
    tag: 'website',
    endpoints: [
      endpoint({
        methods: ['POST'],
        args: WebsiteArgs,
        summary: 'Sync now, and answer once it ends (joins a sync already running)',
        responses: {
          200: {
            description: 'What the sync did; `ok` when both sides agree and nothing waits.',
            schema: WebsiteSyncOutcome,
          },
          401: error('Not signed in.'),
          403: error('Not an editor or administrator of the site.'),
        },
        writesOffLoop: true, // the sync takes the write gate itself, batch by batch
        permission: editors,
        handler: ({ ctx, args }) => ({
          body: new ReplyLater(async (request, reply) => {
            const site = siteOf(ctx, args.code);
            const host = scheduler(ctx, request.server.wroteInProcess);
            const result = await host.syncNow(site.id);
            return sendJson(reply, 200, {
              ok: result.ok,
              summary: { ...result.counts, sweep: result.sweep },
              failure: result.failure ?? null,
              state: websiteStatus(ctx.store, site, host.credentials),
            });
          }),
        }),
      }),
    ],
  },
  {
    path: '/sites/{code}/website/conflicts/{id}',
    tag: 'website',
    endpoints: [
      endpoint({
        methods: ['POST'],
        args: WebsiteResolveArgs,
        summary:
          'Resolve a conflict: keep mine (ours goes to the website) or take theirs (theirs is written here); a sync follows',
        responses: {
          200: { description: 'Recorded; the state after it.', schema: WebsiteState },
          401: error('Not signed in.'),
          403: error('Not an administrator of the site.'),
          404: error('No such conflict.'),
        },
        permission: administrators,
        handler: ({ ctx, args, request }) => {
          const site = siteOf(ctx, args.code);
          const host = scheduler(ctx, request.server.wroteInProcess);
          try {
            resolveConflict(ctx.store, site, args.id, args.keep);
          } catch (failure) {
            operationFailure(failure);
          }
          // After this request's transaction has committed.
          setImmediate(() => void host.syncNow(site.id));
          return { body: websiteStatus(ctx.store, site, host.credentials) };
        },
      }),
    ],
  },
  {
    path: '/sites/{code}/website/failures/{id}/retry',
    tag: 'website',
    endpoints: [
      endpoint({
        methods: ['POST'],
        args: WebsiteFailureArgs,
        summary: 'Try a refused object again at the next sync (which starts now)',
        responses: {
          200: { description: 'The state after it.', schema: WebsiteState },
          401: error('Not signed in.'),
          403: error('Not an administrator of the site.'),
          404: error('No such failure.'),
        },
        permission: administrators,
        handler: ({ ctx, args, request }) => {
          const site = siteOf(ctx, args.code);
          const host = scheduler(ctx, request.server.wroteInProcess);
          try {
            retryFailure(ctx.store, site, args.id);
          } catch (failure) {
            operationFailure(failure);
          }
          setImmediate(() => void host.syncNow(site.id));
          return { body: websiteStatus(ctx.store, site, host.credentials) };
        },
      }),
    ],
  },
  {
    path: '/sites/{code}/website/events/{id}',
    tag: 'website',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: WebsiteEventArgs,
        summary:
          "An event's place on the website: paired or not, what of it stays in Almanac only, a conflict or failure on it",
        responses: {
          200: { description: 'The event on the website.', schema: WebsiteEventState },
          401: error('Not signed in.'),
          403: error('Not an editor or administrator of the site.'),
          404: error('No such event.'),
        },
        permission: editors,
        handler: ({ ctx, args }) => {
          const site = siteOf(ctx, args.code);
          const row = ctx.store.posts.get(site.id, args.id);
          if (!row || row.type !== 'event') throw new ApiError(404, 'rest_post_invalid_id', 'Invalid event ID.');
          const repos = websiteRepositories(ctx.store.db);
          const item = repos.items.byLocal(site.id, 'event', args.id);
          const ref = { kind: 'event' as const, local_id: args.id, remote_id: item?.remote_id ?? null };
          const failure =
            repos.problems.failureOf(site.id, ref, 'send') ?? repos.problems.failureOf(site.id, ref, 'receive');
          return {
            body: {
              event: args.id,
              on_website: !!item?.remote_id,
              remote_id: item?.remote_id ?? null,
              left_out: item !== undefined && item.remote_id === null,
              not_on_website: notOnWebsite(ctx.store, site, args.id),
              conflict: repos.problems.conflictOf(site.id, ref)?.id ?? null,
              failure: failure ? failureView(failure) : null,
            },
          };
        },
      }),
    ],
  },
  {
    path: '/sites/{code}/website/authorize',
    tag: 'website',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: WebsiteAuthorizeArgs,
        summary:
          "WordPress's authorize-application page for Almanac, to open in the browser (it returns the user name and a new password to success_url)",
        responses: {
          200: { description: 'The page to open.', schema: WebsiteAuthorization },
          400: error('Not a web address.'),
          401: error('Not signed in.'),
          403: error('Not an administrator of the site.'),
        },
        cacheable: false,
        permission: administrators,
        handler: ({ args }) => ({
          body: new ReplyLater(async (_request, reply) => {
            const appId = randomUUID();
            try {
              const url = await authorizationUrl({ url: args.url, successUrl: args.success_url, appId });
              return sendJson(reply, 200, { authorize_url: url, app_id: appId });
            } catch (failure) {
              if (failure instanceof WebsiteCheckError)
                throw invalidParam('url', said(`website_${failure.failure}`, failure.message));
              throw failure;
            }
          }),
        }),
      }),
    ],
  },
];
