// almanac/v1/tokens — API tokens for external tools, from the UI (Settings → API tokens), with the
// rules of `almanac token`: administrators manage everyone's tokens, anyone else signed in only
// their own. The secret is answered once, by the create; lists never carry it (only a SHA-256
// hash is stored).
import { Type } from '@sinclair/typebox';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { ApiError } from '../../http/errors.ts';
import { forbidden, said } from '../../operations/errors.ts';
import type { RequestContext } from '../../http/context.ts';
import type { TokenSummary as TokenRow } from '../../db/repositories/users.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import {
  TokenCreateArgs,
  TokenCreated,
  TokenIdArgs,
  TokenList,
  type TokenSummary,
} from '../../../contract/app/tokens.ts';

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });
const isAdministrator = (ctx: RequestContext) => ctx.actor?.role === 'administrator';

function present(row: TokenRow): TokenSummary {
  return {
    id: row.id,
    name: row.name,
    user: row.login,
    role: row.super_admin ? 'administrator' : row.role,
    created: row.created_utc,
    last_used: row.last_used_utc,
  };
}

const signedIn = ({ ctx }: { ctx: RequestContext }) => {
  if (!ctx.actor) throw forbidden(false);
};

export const tokenRoutes: RouteSpec[] = [
  {
    path: '/tokens',
    tag: 'tokens',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: Type.Object({}),
        summary: "API tokens: everyone's for an administrator, one's own otherwise (never the secrets)",
        responses: {
          200: { description: 'The active tokens.', schema: TokenList },
          401: error('Not signed in.'),
        },
        // "Last used" is written outside the request path (http/token-use.ts): never a cached list.
        cacheable: false,
        permission: signedIn,
        handler: ({ ctx }) => ({
          body: {
            tokens: ctx.store.users
              .listTokens(ctx.site.id, isAdministrator(ctx) ? null : ctx.actor!.userId)
              .map(present),
          },
        }),
      }),
      endpoint({
        methods: ['POST'],
        args: TokenCreateArgs,
        summary: 'Make an API token; the answer carries its secret, this once',
        responses: {
          201: { description: 'The token, with its secret.', schema: TokenCreated },
          400: error('A parameter is missing or wrong (an unknown user).'),
          401: error('Not signed in.'),
          403: error('A token for somebody else, asked by a non-administrator.'),
        },
        validate: ({ ctx, args }, errors) => {
          if (args.name !== undefined && args.name.trim() === '')
            errors.add('name', said('empty', 'name must not be blank.'));
          if (args.user === undefined) return undefined;
          const user = ctx.store.users.byLogin(args.user);
          if (!user) errors.add('user', said('no_such_user', `There is no user "${args.user}".`, { user: args.user }));
          return user;
        },
        permission: ({ ctx, args }) => {
          signedIn({ ctx });
          if (args.user !== undefined && args.user !== ctx.actor!.login && !isAdministrator(ctx)) throw forbidden(true);
        },
        handler: ({ ctx, args, prepared }) => {
          const userId = (prepared as { id: number } | undefined)?.id ?? ctx.actor!.userId;
          const secret = ctx.store.users.createToken(userId, args.name.trim());
          const id = ctx.store.users.tokenIdOf(secret)!;
          const row = ctx.store.users.listTokens(ctx.site.id, userId).find((token) => token.id === id)!;
          return { status: 201, body: { ...present(row), token: secret } };
        },
      }),
    ],
  },
  {
    path: '/tokens/{id}',
    tag: 'tokens',
    endpoints: [
      endpoint({
        methods: ['DELETE'],
        args: TokenIdArgs,
        summary: 'Revoke an API token: it stops working at once (and so do browser sessions opened with it)',
        responses: {
          200: { description: 'Revoked.', schema: Type.Object({ revoked: Type.Boolean(), id: Type.Integer() }) },
          401: error('Not signed in.'),
          403: error("Somebody else's token, and the caller is not an administrator."),
          404: error('No active token has that id.'),
        },
        permission: ({ ctx, args }) => {
          signedIn({ ctx });
          const token = ctx.store.users.tokenById(args.id);
          if (token && token.user_id !== ctx.actor!.userId && !isAdministrator(ctx)) throw forbidden(true);
        },
        handler: ({ ctx, args }) => {
          if (!ctx.store.users.revokeTokenById(args.id))
            throw new ApiError(404, 'almanac_token_not_found', 'No active token has that id.', { param: 'id' });
          return { body: { revoked: true, id: args.id } };
        },
      }),
    ],
  },
];
