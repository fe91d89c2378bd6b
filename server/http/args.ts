// Request arguments, WordPress style: one flat set of parameters taken from the path, the query
// string and the body (body wins, then query, then path — as WP_REST_Request does), coerced the
// way WordPress casts typed args, then validated against the route's TypeBox schema with Ajv.
// Missing required parameters yield rest_missing_callback_param; every other failure is
// collected into one rest_invalid_param naming each bad parameter.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { TObject, TSchema } from '@sinclair/typebox';
import { ParamErrors, missingParams } from './errors.ts';

// validateSchema: false skips checking each schema against JSON Schema's meta-schema (and
// compiling the meta-schema first): a sixth of start-up → first answered request. The schemas are
// ours, built with TypeBox; the service test validates every one inside the OpenAPI document.
const ajv = new Ajv({
  allErrors: true,
  strict: false,
  coerceTypes: false,
  useDefaults: false,
  validateSchema: false,
  code: { optimize: false },
});
const compiled = new WeakMap<TObject, ValidateFunction>();

// C0 controls other than tab, newline and carriage return, and DEL: never meaningful in calendar text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

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
export function coerceValue(value: unknown, schema: TSchema): unknown {
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

function hasControlChars(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (typeof value === 'string') return CONTROL_CHARS.test(value);
  if (Array.isArray(value)) return value.some((v) => hasControlChars(v, depth + 1));
  if (value && typeof value === 'object') return Object.values(value).some((v) => hasControlChars(v, depth + 1));
  return false;
}

function paramOf(error: ErrorObject): string {
  if (error.keyword === 'required' && error.instancePath === '') return String(error.params.missingProperty);
  const first = error.instancePath.split('/')[1] ?? '';
  return first.replace(/~1/g, '/').replace(/~0/g, '~');
}

function describe(param: string, error: ErrorObject): string {
  switch (error.keyword) {
    case 'type':
      return `${param} is not of type ${error.params.type}.`;
    case 'enum':
      return `${param} is not one of ${(error.params.allowedValues as unknown[]).join(', ')}.`;
    case 'minimum':
      return `${param} must be greater than or equal to ${error.params.limit}.`;
    case 'maximum':
      return `${param} must be less than or equal to ${error.params.limit}.`;
    case 'minLength':
      return error.params.limit === 1 ? `${param} must not be empty.` : `${param} is too short.`;
    case 'maxLength':
      return `${param} must be at most ${error.params.limit} characters long.`;
    case 'maxItems':
      return `${param} must contain at most ${error.params.limit} items.`;
    case 'pattern':
    case 'format':
      return `${param} is not in the expected format.`;
    default:
      return `${param} is invalid.`;
  }
}

export interface ParsedArgs<T> {
  args: T;
  errors: ParamErrors;
}

/**
 * Coerces and validates `raw` against the route's args schema. Throws rest_missing_callback_param
 * at once (WordPress checks required args first); returns other failures in `errors` so that the
 * route's own checks (existence of linked ids, date parsing…) can add theirs to the same 400.
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

  const missing = (schema.required ?? []).filter((name) => args[name] === undefined || args[name] === null);
  if (missing.length > 0) throw missingParams(missing);

  const errors = new ParamErrors();
  const validate = compiled.get(schema) ?? ajv.compile(schema);
  compiled.set(schema, validate);
  if (!validate(args)) {
    for (const error of validate.errors ?? []) {
      const param = paramOf(error);
      errors.add(param, describe(param, error), error.keyword === 'type' ? 'rest_invalid_type' : undefined);
    }
  }
  for (const [name, value] of Object.entries(args)) {
    if (hasControlChars(value)) errors.add(name, `${name} must not contain control characters.`);
  }
  return { args: args as T, errors };
}
