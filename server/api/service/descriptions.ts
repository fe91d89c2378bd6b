// Parameter descriptions in the site's language. English lives next to each schema; other
// languages come from a catalogue keyed by parameter name (issue: sites and languages).
import type { TSchema } from '@sinclair/typebox';
import type { RouteSpec } from '../../http/route.ts';

export type Describe = (route: RouteSpec, param: string, schema: TSchema) => string;

export function describerFor(_language: string): Describe {
  return (_route, _param, schema) => String(schema.description ?? 'No description provided.');
}
