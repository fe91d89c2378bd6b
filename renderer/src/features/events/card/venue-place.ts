// A venue's address on one line, every part the venue editor holds — street, city, state or
// province, ZIP or postal code, country (the card dropped the state and the ZIP) — in the order the
// place writes it: "12 Main St, Springfield, IL 62701, United States" where the city comes before
// its state and code (the US, Canada, Australia; the UK without a state), "Av. Vallarta 1512,
// 44100 Guadalajara, Jalisco, México" where the code comes first (most of Europe and Latin America). The
// country says which; without one, the UI's locale does. Pure: unit-tested in test/renderer/.

export interface VenueAddress {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  province?: string | null;
  stateprovince?: string | null;
  zip?: string | null;
  country?: string | null;
}

/** Countries (as organizers write them, in English or Spanish, or their codes) that write "City, ST 12345". */
const CITY_FIRST = new Set([
  'us',
  'usa',
  'u.s.',
  'u.s.a.',
  'united states',
  'united states of america',
  'estados unidos',
  'estados unidos de américa',
  'eeuu',
  'ee. uu.',
  'ee.uu.',
  'ca',
  'canada',
  'canadá',
  'au',
  'australia',
  'gb',
  'uk',
  'united kingdom',
  'reino unido',
  'england',
  'scotland',
  'wales',
  'ie',
  'ireland',
  'irlanda',
  'nz',
  'new zealand',
  'nueva zelanda',
]);

function cityFirst(country: string, locale: string): boolean {
  if (country !== '') return CITY_FIRST.has(country.toLowerCase());
  // No country: the UI's own habit (English → the US order; Spanish → the code first).
  return !locale.toLowerCase().startsWith('es');
}

const clean = (value: string | null | undefined) => (value ?? '').trim();

export function venuePlace(venue: VenueAddress, locale: string): string {
  const street = clean(venue.address);
  const city = clean(venue.city);
  // As the API and the export read it: the combined field, else the state, else the province.
  const state = clean(venue.stateprovince) || clean(venue.state) || clean(venue.province);
  const zip = clean(venue.zip);
  const country = clean(venue.country);
  const parts = cityFirst(country, locale)
    ? [street, city, [state, zip].filter(Boolean).join(' ')]
    : [street, [zip, city].filter(Boolean).join(' '), state === city ? '' : state];
  return [...parts, country].filter(Boolean).join(', ');
}
