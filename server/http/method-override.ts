// WordPress's method override: a POST that says `?_method=DELETE` (or `_method` in its body, or the
// header `X-HTTP-Method-Override: DELETE`) is handled as that method, because some clients and
// proxies can only send GET and POST (WP_REST_Server::serve_request). Without it, such a POST on
// /events/{id} was taken for an update and answered 200 — a delete that silently did not happen.
import type { FastifyRequest } from 'fastify';

/** Methods a POST may stand for: only writes (a POST is never served as a cacheable read). */
const OVERRIDABLE = ['DELETE', 'PUT', 'PATCH'] as const;
type OverrideMethod = (typeof OVERRIDABLE)[number];

/**
 * The method a POST asks to be handled as; undefined when it asks for none (or for POST). A value
 * that is not a method we serve is answered like an unknown route (as WordPress answers it).
 */
export function overriddenMethod(request: FastifyRequest): OverrideMethod | 'unknown' | undefined {
  if (request.method !== 'POST') return undefined;
  const header = request.headers['x-http-method-override'];
  const query = (request.query as Record<string, unknown> | undefined)?._method;
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>)._method : undefined;
  const asked = [header, query, body].find((value) => typeof value === 'string' && value.trim() !== '');
  if (typeof asked !== 'string') return undefined;
  const method = asked.trim().toUpperCase();
  if (method === 'POST') return undefined;
  return (OVERRIDABLE as readonly string[]).includes(method) ? (method as OverrideMethod) : 'unknown';
}
