// almanac/v1/caldav — Settings → Connect a calendar app: the CalDAV address and user name to give
// a calendar app (the token comes from almanac/v1/tokens), and "Share on my network" for the
// install administrator, which starts or stops CalDAV's HTTPS server (caldav/network/).
import { Type } from '@sinclair/typebox';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { ReplyLater } from '../../http/reply-later.ts';
import { installAdministratorOnly } from '../install-administrator.ts';
import { forbidden } from '../../operations/errors.ts';
import { ApiError } from '../../http/errors.ts';
import type { RequestContext } from '../../http/context.ts';
import type { NetworkSharing } from '../../caldav/network/sharing.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import { CalDavNetwork, CalDavNetworkArgs, CalDavSettings } from '../../../contract/app/caldav.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** CalDAV on the network, when this server can share it (service.ts makes it). */
    networkSharing: NetworkSharing | null;
  }
}

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });
const json = 'application/json; charset=utf-8';

const signedIn = ({ ctx }: { ctx: RequestContext }) => {
  if (!ctx.actor) throw forbidden(false);
};

export const calDavRoutes: RouteSpec[] = [
  {
    path: '/caldav',
    tag: 'caldav',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: Type.Object({}),
        summary: 'Where calendar apps find this calendar over CalDAV, and whether it is shared on the network',
        responses: {
          200: { description: 'The addresses.', schema: CalDavSettings },
          401: error('Not signed in.'),
        },
        cacheable: false,
        permission: signedIn,
        handler: ({ ctx }) => ({
          body: new ReplyLater(async (request, reply) =>
            reply.type(json).send(
              JSON.stringify({
                address: `${ctx.origin}/caldav/`,
                user: ctx.actor!.login,
                network: request.server.networkSharing?.status() ?? null,
              }),
            ),
          ),
        }),
      }),
    ],
  },
  {
    path: '/caldav/network',
    tag: 'caldav',
    endpoints: [
      endpoint({
        methods: ['POST'],
        args: CalDavNetworkArgs,
        summary: 'Share CalDAV on the local network over HTTPS (self-signed certificate), or stop',
        responses: {
          200: { description: 'Sharing as it now is.', schema: CalDavNetwork },
          401: error('Not signed in.'),
          403: error('Not the install administrator.'),
          503: error('This server cannot share on the network.'),
        },
        permission: installAdministratorOnly,
        handler: ({ args }) => ({
          body: new ReplyLater(async (request, reply) => {
            const sharing = request.server.networkSharing;
            if (!sharing)
              throw new ApiError(503, 'almanac_sharing_unavailable', 'This server cannot share CalDAV on the network.');
            const status = await sharing.set(args.enabled);
            return reply.type(json).send(JSON.stringify(status));
          }),
        }),
      }),
    ],
  },
];
