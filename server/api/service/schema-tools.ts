// Turning TypeBox schemas into plain JSON Schema for the docs: drop TypeBox's symbols, resolve
// `Type.Ref` names to OpenAPI component references.
import type { TSchema } from '@sinclair/typebox';

export function plain(schema: unknown, refPrefix = '#/components/schemas/'): unknown {
  if (Array.isArray(schema)) return schema.map((item) => plain(item, refPrefix));
  if (!schema || typeof schema !== 'object') return schema;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id') continue;
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) result.$ref = refPrefix + value;
    else result[key] = plain(value, refPrefix);
  }
  return result;
}

/** The WordPress namespace index exposes only these JSON-schema keywords of an arg. */
const INDEX_KEYWORDS = ['description', 'type', 'default', 'format', 'enum', 'items', 'minimum', 'maximum', 'anyOf'];

export function indexArg(schema: TSchema, required: boolean): Record<string, unknown> {
  const arg: Record<string, unknown> = { required };
  for (const keyword of INDEX_KEYWORDS) {
    if (schema[keyword] !== undefined) arg[keyword] = plain(schema[keyword]);
  }
  return arg;
}
