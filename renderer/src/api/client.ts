// The one way the UI talks to the service: same-origin fetch to the site's svc/events/v1 and
// almanac/v1 roots, with the credentials, JSON in and out, the ETag kept for If-Match, the
// X-TEC-Total headers read, and every failure turned into an ApiError or NetworkError.
import { authHeaders } from './auth.ts';
import { ApiError, NetworkError, errorFromBody } from './errors.ts';
import { currentSite, sitePath } from './site.ts';

export type Query = Record<string, string | number | boolean | undefined | null | (string | number)[]>;

export interface Answer<T> {
  data: T;
  etag: string | null;
  /** X-TEC-Total and X-TEC-TotalPages of collections. */
  total: number | null;
  totalPages: number | null;
}

export const EVENTS_NS = 'svc/events/v1';
export const APP_NS = 'almanac/v1';

/** `/mx/svc/events/v1/events?…` for a path relative to a namespace of the current site. */
export function apiUrl(namespace: string, path: string, query: Query = {}, site = currentSite()): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(','));
    } else search.set(key, String(value));
  }
  const text = search.toString();
  return `${sitePath(site)}/${namespace}${path ? `/${path}` : ''}${text ? `?${text}` : ''}`;
}

async function request<T>(
  method: string,
  url: string,
  options: { body?: unknown; ifMatch?: string | null; signal?: AbortSignal } = {},
): Promise<Answer<T>> {
  // X-Almanac-Reasons: each bad parameter's reason code, to say it in the UI's language (server-reasons.ts).
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Almanac-Reasons': '1', ...authHeaders() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.ifMatch) headers['If-Match'] = options.ifMatch;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError((error as Error).message);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ApiError(response.status, 'invalid_json', 'The service answered with something that is not JSON.');
  }
  if (!response.ok) throw errorFromBody(response.status, body);
  const number = (name: string) => {
    const value = response.headers.get(name);
    return value === null ? null : Number(value);
  };
  return {
    data: body as T,
    etag: response.headers.get('etag'),
    total: number('x-tec-total'),
    totalPages: number('x-tec-totalpages'),
  };
}

export const api = {
  get: <T>(namespace: string, path: string, query?: Query, signal?: AbortSignal) =>
    request<T>('GET', apiUrl(namespace, path, query), { signal }),
  post: <T>(namespace: string, path: string, body: unknown, query?: Query) =>
    request<T>('POST', apiUrl(namespace, path, query), { body }),
  put: <T>(namespace: string, path: string, body: unknown) => request<T>('PUT', apiUrl(namespace, path), { body }),
  patch: <T>(
    namespace: string,
    path: string,
    body: unknown,
    options: { ifMatch?: string | null; query?: Query } = {},
  ) => request<T>('PATCH', apiUrl(namespace, path, options.query), { body, ifMatch: options.ifMatch }),
  delete: <T>(namespace: string, path: string, options: { query?: Query; ifMatch?: string | null } = {}) =>
    request<T>('DELETE', apiUrl(namespace, path, options.query), { ifMatch: options.ifMatch }),
};
