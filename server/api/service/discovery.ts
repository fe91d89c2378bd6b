// GET {base_url}/ — a small discovery document for the site (contract §1).
import type { RequestContext } from '../../http/context.ts';
import { NAMESPACE } from '../../http/context.ts';

export function discoveryDocument(ctx: RequestContext) {
  return {
    name: ctx.site.title,
    site: ctx.site.code,
    url: ctx.baseUrl,
    language: ctx.site.language,
    timezone: ctx.site.timezone,
    namespaces: [NAMESPACE],
    api_root: ctx.apiRoot,
    doc: `${ctx.apiRoot}/doc`,
  };
}
