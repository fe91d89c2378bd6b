// Request arguments, WordPress style: one flat set of parameters taken from the path, the query
// string and the body (body wins, then query, then path — as WP_REST_Request does), coerced the
// way WordPress casts typed args, then checked against the route's TypeBox schema
// (operations/input.ts: missing required parameters yield rest_missing_callback_param; every other
// failure is collected into one rest_invalid_param naming each bad parameter).
import type { TObject, TSchema } from '@sinclair/typebox';
import type { ParamErrors } from '../operations/errors.ts';
import { checkInput } from '../operations/input.ts';

export function mergeSources(
  path: Record<string, unknown>,
  query: Record<string, unknown>,
  body: unknown,
): Record<string, unknown> {
  const merged: Record<string, unknown> = Object.assign({}, path, query);
  // JSON sent as text/plain reaches us as a string: ignored, like the reference.
  if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(merged, body);
  // The path wins for its own captures (a body `id` must not retarget the request).
  Object.assign(merged, path);
  return merged;
}

function schemaType(schema: TSchema): string | undefined {
  return typeof schema.type === 'string' ? schema.type : undefined;
}

/** WordPress's rest_is_boolean set: true/false, 1/0 as numbers or strings. */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true' || value === 'TRUE' || value === 'True') return true;
  if (value === 0 || value === '0' || value === 'false' || value === 'FALSE' || value === 'False') return false;
  return undefined;
}

function coerceScalar(value: unknown, schema: TSchema): unknown {
  const type = schemaType(schema);
  if ((type === 'integer' || type === 'number') && typeof value === 'string') {
    const text = value.trim();
    // Only finite results: '1e400' would become Infinity, which no later check expects.
    if (text !== '' && /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) && Number.isFinite(Number(text)))
      return Number(text);
    return value;
  }
  if (type === 'boolean') return toBoolean(value) ?? value;
  return value;
}

/** Casts one value by its schema; returns the value unchanged when it cannot be cast (Ajv then names the error). */
function coerceValue(value: unknown, schema: TSchema): unknown {
  if (schemaType(schema) === 'array') {
    let list: unknown[] | undefined;
    if (Array.isArray(value)) list = value;
    else if (typeof value === 'string')
      list = value
        .split(',')
        .map((part) => part.trim())
        .filter((p) => p !== '');
    else if (typeof value === 'number') list = [value];
    // An object is a list only when every key is an index ({"0": "a", "1": "b"}), as WordPress's
    // wp_is_numeric_array(): `categories: {"a": 1}` or `categories[a]=1` is not an array (400).
    else if (value && typeof value === 'object' && Object.keys(value).every((key) => /^\d+$/.test(key)))
      list = Object.values(value);
    if (!list) return value;
    const items = schema.items as TSchema | undefined;
    return items ? list.map((item) => coerceScalar(item, items)) : list;
  }
  return coerceScalar(value, schema);
}

interface ParsedArgs<T> {
  args: T;
  errors: ParamErrors;
}

/**
 * Coerces `raw` the way WordPress casts typed args and checks it against the route's args schema
 * (operations/input.ts). Throws rest_missing_callback_param at once; returns other failures in
 * `errors` so that the route's own checks (existence of linked ids, date parsing…) can add theirs
 * to the same 400.
 */
export function parseArgs<T>(schema: TObject, raw: Record<string, unknown>): ParsedArgs<T> {
  const properties = schema.properties;
  const args: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const propertySchema = properties[name];
    if (!propertySchema) continue; // unknown and read-only fields are ignored (contract §6)
    if (value === null && !(schema.required ?? []).includes(name)) continue; // WP: null means absent
    args[name] = coerceValue(value, propertySchema);
  }
  return { args: args as T, errors: checkInput(schema, args) };
}
