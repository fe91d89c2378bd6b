// Responses are serialized from the same schemas that document them: fast-json-stringify compiles
// each endpoint's response schema (with the component schemas it references) into a serializer
// that writes keys in schema order. A test checks the output equals JSON.stringify of the same
// body for every kind of response, so a schema can never silently drop or coerce a field.
// One quirk shapes the schemas: the compiler writes required keys before optional ones, so keys
// that follow an optional key in the reference's order are declared optional (see representations.ts).
import fastJsonStringify from 'fast-json-stringify';
import type { TSchema } from '@sinclair/typebox';
import type { Endpoint } from './route.ts';

type Serialize = (body: unknown) => string;
type JsonSchema = Record<string, unknown>;

/**
 * The schema as the serializer should see it. TypeBox schemas carry symbols, and the compiler wants
 * plain JSON Schema. And every `anyOf` is rewritten, because the compiler picks an `anyOf` branch by
 * running an Ajv validator over the value at every serialization, and compiles that validator (with
 * every schema the branch references) on first use: for an event that was ~130 ms on the first
 * request and a full validation of the venue object on every request after it. The documented schema
 * keeps its `anyOf`; the serializer gets one it can dispatch on with `typeof`:
 * - branches that are bare types (`boolean | null`) become a type list, which it checks inline;
 * - anything richer (an image object or `false`, a venue object or an array of them) is written by
 *   JSON.stringify, which the presenters' plain objects serialize to the same bytes.
 */
function serializationSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serializationSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const branches = (schema as JsonSchema).anyOf;
  if (Array.isArray(branches)) {
    const types = branches.map(bareType);
    if (types.every((type): type is string => type !== undefined)) return { type: types };
    return {};
  }
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = serializationSchema(value);
  return copy;
}

/** The branch's type when the branch is nothing but a type (`{ type: 'null' }`), else undefined. */
function bareType(branch: unknown): string | undefined {
  if (branch === null || typeof branch !== 'object') return undefined;
  const { type, ...rest } = branch as JsonSchema;
  return typeof type === 'string' && Object.keys(rest).length === 0 ? type : undefined;
}

const plain = (schema: TSchema): JsonSchema => serializationSchema(JSON.parse(JSON.stringify(schema))) as JsonSchema;

/**
 * The component schemas responses reference (`Type.Ref(Event)`…), keyed by $id as the compiler
 * wants them. Given by the caller (the API's representations), so http/ knows no resource.
 */
export type Components = Record<string, JsonSchema>;
const componentSets = new WeakMap<readonly TSchema[], Components>();
export function componentsOf(schemas: readonly TSchema[]): Components {
  let set = componentSets.get(schemas);
  if (!set) {
    set = Object.fromEntries(schemas.map((schema) => [schema.$id!, plain(schema)]));
    componentSets.set(schemas, set);
  }
  return set;
}

const compiled = new WeakMap<Endpoint, Map<number, Serialize>>();

/**
 * The compiled serializer for one response schema. `generatedCode` asks instead for the code the
 * compiler would run (the test that no serializer validates while it writes reads it).
 */
export function compileSerializer(schema: TSchema, components: Components): Serialize;
export function compileSerializer(schema: TSchema, components: Components, generatedCode: true): string;
export function compileSerializer(schema: TSchema, components: Components, generatedCode = false): Serialize | string {
  type Options = NonNullable<Parameters<typeof fastJsonStringify>[1]>;
  const built = fastJsonStringify(plain(schema) as unknown as Parameters<typeof fastJsonStringify>[0], {
    schema: components as unknown as Options['schema'],
    ...(generatedCode ? { mode: 'debug' } : {}),
  }) as unknown;
  return generatedCode ? (built as { code: string }).code : (built as Serialize);
}

export function serializerFor(endpoint: Endpoint, status: number, components: Components): Serialize {
  let byStatus = compiled.get(endpoint);
  if (!byStatus) {
    byStatus = new Map();
    compiled.set(endpoint, byStatus);
  }
  let serialize = byStatus.get(status);
  if (!serialize) {
    const schema = endpoint.responses[status]?.schema;
    serialize = schema ? compileSerializer(schema, components) : JSON.stringify;
    byStatus.set(status, serialize);
  }
  return serialize;
}
