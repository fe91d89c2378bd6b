// What a handler knows about its request: the site it addresses, who is calling, and the URLs
// that responses must use (every URL carries the site's own base, contract §1 and §3).
import type { Store } from '../db/store.ts';
import type { Site } from '../db/repositories/sites.ts';
import type { Actor } from '../domain/roles.ts';
import type { ResponseCache } from './response-cache.ts';

export const NAMESPACE = 'svc/events/v1';

export interface RequestContext {
  store: Store;
  /** Serialized GET responses, emptied by every write. */
  cache: ResponseCache;
  site: Site;
  /** null for anonymous callers. */
  actor: Actor | null;
  /** `http://127.0.0.1:PORT`: the server root, whatever the site. */
  origin: string;
  /** `http://127.0.0.1:PORT` for the default site, `http://127.0.0.1:PORT/S` for site S. */
  baseUrl: string;
  /** `{baseUrl}/svc/events/v1` */
  apiRoot: string;
  /** The host part of global ids: `127.0.0.1` or `127.0.0.1/S` (no scheme, no port, as the reference). */
  globalIdBase: string;
}

/** The context of a request to `site` by `actor`, addressed as `host` (it names the URLs in responses). */
export function requestContext(
  store: Store,
  cache: ResponseCache,
  site: Site,
  actor: Actor | null,
  host: string,
): RequestContext {
  const path = site.code === 'default' ? '' : `/${site.code}`;
  const origin = `http://${host}`;
  const baseUrl = `${origin}${path}`;
  return {
    store,
    cache,
    site,
    actor,
    origin,
    baseUrl,
    apiRoot: `${baseUrl}/${NAMESPACE}`,
    globalIdBase: `${host.replace(/:\d+$/, '')}${path}`,
  };
}
