// WordPress's `_links` on a single category or tag (create, read, update, delete), pointing at our
// own routes (contract §3): tools written for WordPress follow them (HAL). The reference's point at
// /wp/v2, which does not exist here: `self` and `collection` are our term routes, `about` the
// OpenAPI document that describes them, `wp:post_type` the events that use the term, `up` the
// parent category. `targetHints.allow` lists the methods this caller may use, as WordPress does.
import type { RequestContext } from '../../http/context.ts';
import type { TermRow } from '../../db/repositories/terms.ts';
import { restUrl } from '../shared/urls.ts';

type Link = {
  href: string;
  targetHints?: { allow: string[] };
  name?: string;
  templated?: boolean;
  embeddable?: boolean;
};

export function termLinks(ctx: RequestContext, term: TermRow, mayManage: boolean): Record<string, Link[]> {
  const collection = term.taxonomy === 'category' ? 'categories' : 'tags';
  const links: Record<string, Link[]> = {
    self: [
      {
        href: restUrl(ctx, collection, term.id),
        targetHints: { allow: mayManage ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : ['GET'] },
      },
    ],
    collection: [{ href: restUrl(ctx, collection) }],
    about: [{ href: `${ctx.apiRoot}/doc` }],
  };
  if (term.taxonomy === 'category' && term.parent !== 0)
    links.up = [{ href: restUrl(ctx, collection, term.parent), embeddable: true }];
  links['wp:post_type'] = [{ href: `${restUrl(ctx, 'events')}?${collection}=${term.id}` }];
  links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  return links;
}
