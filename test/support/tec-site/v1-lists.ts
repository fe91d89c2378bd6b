// What v1 archives share: page/per_page checks (per_page silently clamped to 50), the envelope with
// rest_url / next_rest_url / previous_rest_url / total / total_pages, the X-TEC-Total headers, and the 404
// for a page past the end.
import { invalidParams, ok, positiveInt, type Params, type RestResponse, WpError } from './http.ts';

export const V1_MAX_PER_PAGE = 50;
export const DEFAULT_PER_PAGE = 10;

export function pageParams(params: Params): { page: number; perPage: number } {
  const bad: Record<string, string> = {};
  const page = params.page === undefined ? 1 : positiveInt(params.page);
  const perPage = params.per_page === undefined ? DEFAULT_PER_PAGE : positiveInt(params.per_page);
  if (page === null) bad.page = 'Invalid parameter.';
  if (perPage === null) bad.per_page = 'Invalid parameter.';
  if (Object.keys(bad).length) throw invalidParams(bad);
  return { page: page!, perPage: Math.min(perPage!, V1_MAX_PER_PAGE) };
}

/** PHP's urlencode(): spaces as `+`. */
function phpEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The page of `all`, rendered (only the page: a site of thousands of events stays fast). */
export function archiveResponse<T>(
  kind: 'events' | 'venues' | 'organizers',
  base: string,
  all: T[],
  render: (item: T) => Record<string, unknown>,
  page: number,
  perPage: number,
  echoed: [string, string][],
): RestResponse {
  const total = all.length;
  const totalPages = Math.ceil(total / perPage);
  const items = all.slice((page - 1) * perPage, page * perPage).map(render);
  if (page > 1 && items.length === 0) {
    const singular = kind.slice(0, -1);
    throw new WpError(
      404,
      `${singular}-archive-page-not-found`,
      `The requested ${singular} archive page does not exist`,
    );
  }
  const query = [['page', String(page)], ['per_page', String(perPage)], ...echoed] as [string, string][];
  const body: Record<string, unknown> = {
    [kind]: items,
    rest_url: `${base}/?${query.map(([k, v]) => `${k}=${v}`).join('&')}`,
  };
  const without = query.filter(([k]) => k !== 'page');
  const link = (p: number | null): string =>
    `${base}/?${[...without, ...(p === null ? [] : [['page', String(p)] as [string, string]])]
      .map(([k, v]) => `${k}=${phpEncode(v)}`)
      .join('&')}`;
  if (page < totalPages) body.next_rest_url = link(page + 1);
  if (page > 1 && page - 1 <= totalPages) body.previous_rest_url = link(page - 1 === 1 ? null : page - 1);
  body.total = total;
  body.total_pages = totalPages;
  return ok(body, 200, { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) });
}
