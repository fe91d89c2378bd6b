// Request schemas of almanac/v1/sites (create and edit), the rules of `almanac site create`.
import { Type } from '@sinclair/typebox';
import { SITE_LANGUAGES } from '../constants.ts';

const title = Type.String({ minLength: 1, maxLength: 200, description: 'The site title.' });
const timezone = Type.String({ minLength: 1, description: 'An IANA time zone (Europe/Madrid) or UTC±N.' });
const perPage = Type.Integer({
  minimum: 1,
  maximum: 50,
  description: 'The default page size of collections (requests may still ask for up to 50).',
});

const currencySymbol = Type.String({
  minLength: 1,
  maxLength: 8,
  description: 'The currency symbol costs are shown with (€, $, kr).',
});
const currencyPosition = Type.Union([Type.Literal('prefix'), Type.Literal('postfix')], {
  description: 'Whether the symbol comes before the amount ($15) or after it (15 €).',
});
const currencyCode = Type.String({
  pattern: '^[A-Z]{3}$',
  description: 'The ISO 4217 code of the currency (EUR, USD, MXN).',
});

export const SiteCreateArgs = Type.Object({
  // The pattern is checked by the route, whose message says what a code may hold.
  code: Type.String({
    minLength: 1,
    maxLength: 40,
    description: 'Lowercase letters, digits and "-": the site is served at /{code}/. Not "svc" or "default".',
  }),
  title: Type.Optional(title),
  language: Type.Union(
    SITE_LANGUAGES.map((language) => Type.Literal(language)),
    { description: '`en`, or a Spanish variant: arg, bo, cl, co, mx, pe, es.' },
  ),
  timezone,
  per_page: Type.Optional(perPage),
  // Each one left out: what the site's time zone and language suggest (contract/currency.ts).
  currency_symbol: Type.Optional(currencySymbol),
  currency_position: Type.Optional(currencyPosition),
  currency_code: Type.Optional(currencyCode),
});

export const SITE_CODE = /^[a-z0-9-]+$/;

export const SiteEditArgs = Type.Object({
  code: Type.String({ description: 'The site to change.' }),
  title: Type.Optional(title),
  timezone: Type.Optional(timezone),
  per_page: Type.Optional(perPage),
  currency_symbol: Type.Optional(currencySymbol),
  currency_position: Type.Optional(currencyPosition),
  currency_code: Type.Optional(currencyCode),
  series_horizon_months: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 60,
      description: 'How many months ahead the occurrences of repeating events that never end exist (default 24).',
    }),
  ),
});
