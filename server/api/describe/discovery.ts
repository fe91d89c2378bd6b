// GET {base_url}/ — the discovery document of the site (contract §1), shaped like WordPress's API
// root (`/wp-json/`): besides name, language, zone and namespaces, every route of both namespaces
// keyed by path, so WordPress clients that discover the API through the Link header (node-wpapi's
// WPAPI.discover) find the routes where they look for them.
import type { RequestContext } from '../../http/context.ts';
import { APP_NAMESPACE, EVENTS_NAMESPACE } from '../../http/namespaces.ts';
import { ALL_ROUTES } from '../routes.ts';
import { APP_ROUTES } from '../../app-api/routes.ts';
import { namespaceIndex } from './namespace-index.ts';
import { describerFor } from './descriptions.ts';

export function discoveryDocument(ctx: RequestContext) {
  return {
    name: ctx.site.title,
    site: ctx.site.code,
    url: ctx.baseUrl,
    language: ctx.site.language,
    timezone: ctx.site.timezone,
    namespaces: [EVENTS_NAMESPACE.name, APP_NAMESPACE.name],
    api_root: ctx.apiRoot,
    doc: `${ctx.apiRoot}/doc`,
    routes: {
      ...namespaceIndex(ctx, EVENTS_NAMESPACE, ALL_ROUTES, describerFor(ctx.site.language)).routes,
      ...namespaceIndex(ctx, APP_NAMESPACE, APP_ROUTES, describerFor(ctx.site.language)).routes,
    },
  };
}
