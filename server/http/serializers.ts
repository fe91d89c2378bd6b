// Responses are serialized from the same schemas that document them: fast-json-stringify compiles
// each endpoint's response schema (with the component schemas it references) into a serializer
// that writes keys in schema order. A test checks the output equals JSON.stringify of the same
// body for every kind of response, so a schema can never silently drop or coerce a field.
// One quirk shapes the schemas: the compiler writes required keys before optional ones, so keys
// that follow an optional key in the reference's order are declared optional (see representations.ts).
import fastJsonStringify from 'fast-json-stringify';
import type { TSchema } from '@sinclair/typebox';
import { COMPONENTS } from '../api/shared/representations.ts';
import type { Endpoint } from './route.ts';

type Serialize = (body: unknown) => string;

/** TypeBox schemas carry symbols; the compiler wants plain JSON Schema. */
const plain = (schema: TSchema): Record<string, unknown> =>
  JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

const components = Object.fromEntries(COMPONENTS.map((schema) => [schema.$id!, plain(schema)]));
const compiled = new WeakMap<Endpoint, Map<number, Serialize>>();

export function serializerFor(endpoint: Endpoint, status: number): Serialize {
  let byStatus = compiled.get(endpoint);
  if (!byStatus) {
    byStatus = new Map();
    compiled.set(endpoint, byStatus);
  }
  let serialize = byStatus.get(status);
  if (!serialize) {
    const schema = endpoint.responses[status]?.schema;
    type Options = NonNullable<Parameters<typeof fastJsonStringify>[1]>;
    serialize = schema
      ? (fastJsonStringify(plain(schema) as unknown as Parameters<typeof fastJsonStringify>[0], {
          schema: components as unknown as Options['schema'],
        }) as Serialize)
      : JSON.stringify;
    byStatus.set(status, serialize);
  }
  return serialize;
}
