// GET {base_url}/ — a small discovery document for the site (contract §1).
import type { RequestContext } from '../../http/context.ts';
import { APP_NAMESPACE, EVENTS_NAMESPACE } from '../../http/namespaces.ts';

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
  };
}
