// almanac/v1/session — how the UI learns who it is and signs in or out in a browser.
//
// GET    who the caller is; for a browser session, also the nonce the UI must send back as
//        X-WP-Nonce (readable only by our own origin: the cookie is SameSite=Strict and the Origin
//        guard refuses other sites).
// POST   with `Authorization: Bearer <API token>` (or Basic): opens a browser session for the
//        token's user, so the UI's "Sign in with a token" keeps no secret in page storage. The
//        session ends when the token is revoked.
// DELETE signs the browser session out.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { endpoint, type HandlerInput, type RouteSpec } from '../../http/route.ts';
import type { RequestContext } from '../../http/context.ts';
import { forbidden } from '../../operations/errors.ts';
import { clearedSessionCookie, readCookie, sessionCookie, sessionCookieName } from '../../http/cookies.ts';
import { DESKTOP_TOKEN_PREFIX } from '../../http/desktop-sessions.ts';
import { SESSION_MS } from '../../db/repositories/sessions.ts';
import type { Role } from '../../domain/roles.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import { presentSite } from '../sites/present-site.ts';
import { Session, SessionArgs } from '../../../contract/app/session.ts';

const port = (request: FastifyRequest) => request.socket?.localPort;
const cookieOf = (request: FastifyRequest) => readCookie(request.headers.cookie, sessionCookieName(port(request)));

function present(
  ctx: RequestContext,
  request: FastifyRequest,
  method: Session['method'],
  userId: number | undefined,
  role: Role | undefined,
  nonce?: string,
): Session {
  const user = userId === undefined ? undefined : ctx.store.users.byId(userId);
  const session: Session = {
    signed_in: Boolean(user && role),
    method: user && role ? method : null,
    user: user && role ? { id: user.id, login: user.login, name: user.display_name } : null,
    role: user && role ? role : null,
    install_administrator: Boolean(user && role && user.super_admin === 1),
    site: presentSite(ctx.site, ctx.origin),
    change_seq: ctx.store.changes.latest(),
    command_line: request.server.commandLine,
  };
  if (user && role && nonce !== undefined) session.nonce = nonce;
  return session;
}

function current({ ctx, request }: HandlerInput<object>): Session {
  if (ctx.actor && request.headers.authorization) {
    const bearer = request.headers.authorization.trim().split(/\s+/, 2)[1] ?? '';
    const method = bearer.startsWith(DESKTOP_TOKEN_PREFIX) ? 'desktop' : 'token';
    return present(ctx, request, method, ctx.actor.userId, ctx.actor.role);
  }
  // A browser session, with or without its nonce yet (this is how the UI gets it after signing in).
  const id = cookieOf(request);
  const session = id === undefined ? undefined : ctx.store.sessions.session(id);
  if (!session) return present(ctx, request, null, undefined, undefined);
  const user = ctx.store.users.byId(session.userId);
  return present(
    ctx,
    request,
    'cookie',
    session.userId,
    user && ctx.store.users.roleOn(ctx.site.id, user),
    session.nonce,
  );
}

const ok = { description: 'The session.', schema: Session };
const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });

export const sessionRoutes: RouteSpec[] = [
  {
    path: '/session',
    tag: 'session',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: SessionArgs,
        summary: 'Who the caller is, and the nonce of a browser session',
        responses: { 200: ok },
        cacheable: false,
        handler: (input) => ({ body: current(input) }),
      }),
      endpoint({
        methods: ['POST'],
        args: SessionArgs,
        summary: 'Open a browser session with the API token in the Authorization header',
        responses: { 201: ok, 401: error('No valid token.') },
        permission: ({ ctx }) => {
          if (!ctx.actor) throw forbidden(false);
        },
        handler: ({ ctx, reply }) => {
          const actor = ctx.actor!;
          const { id, nonce } = ctx.store.sessions.createSession(actor.userId, actor.tokenId ?? null);
          reply.header('set-cookie', sessionCookie(port(reply.request), id, Math.floor(SESSION_MS / 1000)));
          return { status: 201, body: present(ctx, reply.request, 'cookie', actor.userId, actor.role, nonce) };
        },
      }),
      endpoint({
        methods: ['DELETE'],
        args: SessionArgs,
        summary: 'Sign the browser session out',
        responses: { 200: ok },
        handler: ({ ctx, request, reply }) => {
          const id = cookieOf(request);
          if (id !== undefined) ctx.store.sessions.endSession(id);
          reply.header('set-cookie', clearedSessionCookie(port(request)));
          return { body: present(ctx, request, null, undefined, undefined) };
        },
      }),
    ],
  },
];
