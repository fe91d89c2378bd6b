// WordPress's global response parameters, which clients written for it use: `_fields` (only the
// listed keys; `a.b` reaches into objects; a list's items are each filtered) and `_envelope` (the
// status and headers in the body, answered 200, for clients that cannot read them). Applied to the
// serialized answer, so cached and worker-built answers are shaped the same way; an answer without
// either parameter is not touched (no parse, no copy).
import type { FastifyRequest } from 'fastify';

type Tree = Map<string, Tree | true>;

/** The `_fields` list as WordPress's wp_parse_list reads it: CSV or an array, blanks dropped. */
function fieldList(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.flatMap((each) => String(each).split(',')) : String(value).split(',');
  return parts.map((part) => part.trim()).filter(Boolean);
}

function treeOf(fields: string[]): Tree {
  const root: Tree = new Map();
  for (const field of fields) {
    let node = root;
    const path = field.split('.');
    for (const [index, key] of path.entries()) {
      const existing = node.get(key);
      if (existing === true) break; // the whole value is kept already
      if (index === path.length - 1) node.set(key, true);
      else {
        const next: Tree = existing ?? new Map();
        node.set(key, next);
        node = next;
      }
    }
  }
  return root;
}

function filter(value: unknown, tree: Tree): unknown {
  if (Array.isArray(value)) return value.map((item) => filter(item, tree));
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const node = tree.get(key);
    if (node === undefined) continue;
    kept[key] = node === true ? item : filter(item, node);
  }
  return kept;
}

interface Shaped {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The answer as the request's `_fields` and `_envelope` want it (errors are never filtered, as in WordPress). */
export function shapeResponse(request: FastifyRequest, answer: Shaped): Shaped {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const hasFields = query._fields !== undefined && fieldList(query._fields).length > 0;
  const hasEnvelope = query._envelope !== undefined;
  if (!hasFields && !hasEnvelope) return answer;
  let body = answer.body;
  if (hasFields && answer.status < 400)
    body = JSON.stringify(filter(JSON.parse(body), treeOf(fieldList(query._fields))));
  if (!hasEnvelope) return Object.assign({}, answer, { body });
  return envelope(answer.status, answer.headers, body);
}

/** `{body, status, headers}` with status 200: what WordPress answers to `?_envelope`. */
export function envelope(status: number, headers: Record<string, string>, body: string): Shaped {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) shown[displayName(name)] = value;
  return {
    status: 200,
    headers, // still sent as headers too, for clients that can read them after all
    body: `{"body":${body},"status":${status},"headers":${JSON.stringify(shown)}}`,
  };
}

/** x-tec-total → X-TEC-Total, etag → ETag: the names WordPress's clients look for. */
function displayName(name: string): string {
  if (name.toLowerCase() === 'etag') return 'ETag';
  return name
    .split('-')
    .map((part) =>
      part.toLowerCase() === 'tec' || part.toLowerCase() === 'wp'
        ? part.toUpperCase()
        : part[0]!.toUpperCase() + part.slice(1),
    )
    .join('-');
}
