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
  // Args that accept several shapes (venue, organizer, cost) are an `anyOf` without a `type`, so
  // the index told clients nothing about them. WordPress clients read `type`: give the union of
  // the branches' types (a WP-style type list such as ["integer", "string", "object", "array"]).
  if (arg.type === undefined && Array.isArray(schema.anyOf)) {
    const types = [...new Set((schema.anyOf as TSchema[]).flatMap((branch) => branchTypes(branch)))];
    if (types.length > 0) arg.type = types.length === 1 ? types[0] : types;
  }
  return arg;
}

function branchTypes(schema: TSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as TSchema[]).flatMap(branchTypes);
  return [];
}
