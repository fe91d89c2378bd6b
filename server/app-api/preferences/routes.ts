// almanac/v1/preferences — the signed-in user's UI preferences, kept by the service (migration
// 0015): the window's origin is http://127.0.0.1:<port>, and the port is 8940 only when it is free,
// so preferences kept by the page (localStorage is per origin) were lost whenever it changed. The
// UI reads them when it starts and writes them whole when one changes; what they mean is the UI's.
import { Type } from '@sinclair/typebox';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { forbidden } from '../../operations/errors.ts';
import type { RequestContext } from '../../http/context.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import { PreferencesBody } from '../../../contract/app/preferences.ts';

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });
const signedIn = ({ ctx }: { ctx: RequestContext }) => {
  if (!ctx.actor) throw forbidden(false);
};

export const preferenceRoutes: RouteSpec[] = [
  {
    path: '/preferences',
    tag: 'preferences',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: Type.Object({}),
        summary: 'Your UI preferences (empty until the UI saves some)',
        responses: {
          200: { description: 'The preferences.', schema: PreferencesBody },
          401: error('Not signed in.'),
        },
        cacheable: false, // per user, and cheap
        permission: signedIn,
        handler: ({ ctx }) => ({ body: { preferences: ctx.store.preferences.of(ctx.actor!.userId) } }),
      }),
      endpoint({
        methods: ['PUT'],
        args: PreferencesBody,
        summary: 'Replace your UI preferences',
        responses: {
          200: { description: 'The preferences as saved.', schema: PreferencesBody },
          400: error('Not a small flat object (at most 32 keys; strings, numbers, booleans or null).'),
          401: error('Not signed in.'),
        },
        permission: signedIn,
        handler: ({ ctx, args }) => {
          ctx.store.preferences.set(ctx.actor!.userId, args.preferences);
          return { body: { preferences: ctx.store.preferences.of(ctx.actor!.userId) } };
        },
      }),
    ],
  },
];
