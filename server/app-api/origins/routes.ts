// almanac/v1/origins — the web origins allowed to call the API from a browser (CORS), besides the
// app's own (Settings → Web pages, `almanac origins`). The install administrator's: allowing an
// origin lets that site's pages call this API with whatever credentials they are given.
import { Type } from '@sinclair/typebox';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { installAdministratorOnly } from '../install-administrator.ts';
import type { RequestContext } from '../../http/context.ts';
import { normalizeOrigin } from '../../domain/origins.ts';
import { ORIGIN_HELP, OriginArgs, OriginList } from '../../../contract/app/origins.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import { said, type ParamErrors } from '../../operations/errors.ts';

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });

const list = (ctx: RequestContext) => ({
  origins: ctx.store.origins.list().map((row) => ({ origin: row.origin, added: row.added_utc })),
});

const checkOrigin = ({ args }: { args: { origin?: string } }, errors: ParamErrors) => {
  const origin = args.origin === undefined ? undefined : normalizeOrigin(args.origin);
  if (args.origin !== undefined && !origin)
    errors.add('origin', said('origin', `"${args.origin}" is not ${ORIGIN_HELP}.`));
  return origin;
};

export const originRoutes: RouteSpec[] = [
  {
    path: '/origins',
    tag: 'origins',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: Type.Object({}),
        summary: 'Web origins allowed to call the API from a browser (besides the app itself)',
        responses: { 200: { description: 'The allowed origins.', schema: OriginList }, 401: error('Not signed in.') },
        cacheable: false,
        permission: installAdministratorOnly,
        handler: ({ ctx }) => ({ body: list(ctx) }),
      }),
      endpoint({
        methods: ['POST'],
        args: OriginArgs,
        summary: 'Allow a web origin',
        responses: {
          201: { description: 'The allowed origins now.', schema: OriginList },
          400: error('Not an origin.'),
          403: error('Not the install administrator.'),
        },
        validate: checkOrigin,
        permission: installAdministratorOnly,
        handler: ({ ctx, prepared }) => {
          ctx.store.origins.add(prepared as string);
          return { status: 201, body: list(ctx) };
        },
      }),
      endpoint({
        methods: ['DELETE'],
        args: OriginArgs,
        summary: 'Stop allowing a web origin',
        responses: {
          200: { description: 'The allowed origins now.', schema: OriginList },
          400: error('Not an origin.'),
          403: error('Not the install administrator.'),
        },
        validate: checkOrigin,
        permission: installAdministratorOnly,
        handler: ({ ctx, prepared }) => {
          ctx.store.origins.remove(prepared as string);
          return { body: list(ctx) };
        },
      }),
    ],
  },
];
