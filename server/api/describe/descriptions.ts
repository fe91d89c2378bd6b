// Parameter descriptions in the site's language (contract §1): English for `en` sites, Spanish for
// the seven Spanish ones. Only descriptions change; names, types, required flags and defaults are
// the same on every site. English lives next to each schema; Spanish in descriptions-es.ts,
// keyed by the English text (a test keeps the two in step).
import type { TSchema } from '@sinclair/typebox';
import type { RouteSpec } from '../../http/route.ts';
import { SPANISH_DESCRIPTIONS } from './descriptions-es.ts';

export type Describe = (route: RouteSpec, param: string, schema: TSchema) => string;

const english: Describe = (_route, _param, schema) => String(schema.description ?? 'No description provided.');

const spanish: Describe = (route, param, schema) => {
  const text = english(route, param, schema);
  return SPANISH_DESCRIPTIONS[text] ?? text;
};

export function describerFor(language: string): Describe {
  return language === 'en' ? english : spanish;
}
