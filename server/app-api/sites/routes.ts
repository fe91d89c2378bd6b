// almanac/v1/sites — the sites of this install, for the UI's site switcher. Public, as each
// site's discovery document is.
import { Type } from '@sinclair/typebox';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { SiteSummary } from '../session/schemas.ts';
import { presentSite } from './present.ts';

export const siteRoutes: RouteSpec[] = [
  {
    path: '/sites',
    tag: 'sites',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: Type.Object({}),
        summary: 'The sites of this install',
        responses: { 200: { description: 'Every site.', schema: Type.Array(SiteSummary) } },
        handler: ({ ctx }) => ({ body: ctx.store.sites.list().map((site) => presentSite(site, ctx.origin)) }),
      }),
    ],
  },
];
