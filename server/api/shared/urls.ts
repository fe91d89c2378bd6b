// URLs in representations: all carry the site's own base (contract §1, §3).
import type { RequestContext } from '../../http/context.ts';

type PermalinkKind = 'event' | 'venue' | 'organizer';

export const permalink = (ctx: RequestContext, kind: PermalinkKind, slug: string) =>
  `${ctx.baseUrl}/${kind}/${encodeURIComponent(slug)}/`;

export const restUrl = (ctx: RequestContext, collection: string, id?: number) =>
  id === undefined ? `${ctx.apiRoot}/${collection}` : `${ctx.apiRoot}/${collection}/${id}`;

export const globalId = (ctx: RequestContext, id: number) => `${ctx.globalIdBase}?id=${id}`;

/** `{apiRoot}/{collection}/?a=1&b=2`, properly encoded (a deviation: the reference leaves raw spaces). */
export function collectionUrl(ctx: RequestContext, collection: string, query: [string, string | number][]): string {
  const search = new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString();
  return `${ctx.apiRoot}/${collection}/${search ? `?${search}` : ''}`;
}
