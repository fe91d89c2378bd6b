// almanac/v1/health — for the install administrator: the background failures the service has
// seen (a backup that failed, a read worker that could not start or died; see
// background-problems.ts) and what the read worker served. The window shows the failures as a
// notice; a support request can quote the whole answer.
import { Type } from '@sinclair/typebox';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { installAdministratorOnly } from '../install-administrator.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import { Health } from '../../../contract/app/health.ts';

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });

export const healthRoutes: RouteSpec[] = [
  {
    path: '/health',
    tag: 'health',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: Type.Object({}),
        summary: 'Background failures (backups, the read worker) and what the read worker served',
        responses: {
          200: { description: 'The service’s health.', schema: Health },
          401: error('Not signed in.'),
          403: error('Not the install administrator.'),
        },
        cacheable: false, // the process's state, not the database's
        permission: installAdministratorOnly,
        handler: ({ request }) => {
          const { problems, readWorker } = request.server;
          return {
            body: {
              problems: problems.all(),
              read_worker: {
                enabled: readWorker !== undefined,
                served_by_worker: readWorker?.served.worker ?? 0,
                served_locally: readWorker?.served.locally ?? 0,
              },
            },
          };
        },
      }),
    ],
  },
];
