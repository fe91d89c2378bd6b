// What a handler knows about its request: what every operation knows (the store, the site it
// addresses, who is calling: operations/context.ts) and the URLs that responses must use (every
// URL carries the site's own base, contract §1 and contract §3).
import type { Store } from '../db/store.ts';
import type { Site } from '../db/repositories/sites.ts';
import type { Actor } from '../domain/roles.ts';
import type { OperationContext } from '../operations/context.ts';

export const NAMESPACE = 'svc/events/v1';

/** Where a site's pages and API live, as responses name them. */
interface SiteUrls {
  /** `http://127.0.0.1:PORT`: the server root, whatever the site. */
  origin: string;
  /** `http://127.0.0.1:PORT` for the default site, `http://127.0.0.1:PORT/S` for site S. */
  baseUrl: string;
  /** `{baseUrl}/svc/events/v1` */
  apiRoot: string;
  /** The host part of global ids: `127.0.0.1` or `127.0.0.1/S` (no scheme, no port, as the reference). */
  globalIdBase: string;
}

export interface RequestContext extends OperationContext, SiteUrls {}

/** The URLs of `site` when the server is addressed as `host`. */
export function siteUrls(site: Site, host: string): SiteUrls {
  const path = site.code === 'default' ? '' : `/${site.code}`;
  const origin = `http://${host}`;
  const baseUrl = `${origin}${path}`;
  return { origin, baseUrl, apiRoot: `${baseUrl}/${NAMESPACE}`, globalIdBase: `${host.replace(/:\d+$/, '')}${path}` };
}

/** The context of a request to `site` by `actor`, addressed as `host` (it names the URLs in responses). */
export function requestContext(store: Store, site: Site, actor: Actor | null, host: string): RequestContext {
  return Object.assign({ store, site, actor }, siteUrls(site, host));
}
