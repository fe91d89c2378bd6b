// A calendar's LOCATION is one line of text: Google writes the place and its address as
// "Kulturbrauerei Kesselhaus, Schönhauser Allee 36, 10435 Berlin, Germany", Apple puts the
// address on lines of its own. A venue has fields for each part, and a venue whose whole address
// sits in Address (City, ZIP and Country empty) matches no venue entered by hand: so an address is
// split where it reads as one — a postal code beside a city, a US or Canadian state and ZIP, a
// country at the end — and left whole where it does not ("Building 92, Redmond").

export interface AddressParts {
  /** Street and house number (and whatever else precedes the city): '' when there is none. */
  address: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
}

/** How a country is written when it is written short; others are kept as the file writes them. */
const COUNTRY_ALIASES = new Map<string, string>([
  ['usa', 'United States'],
  ['u.s.a.', 'United States'],
  ['u.s.', 'United States'],
  ['united states of america', 'United States'],
  ['uk', 'United Kingdom'],
  ['u.k.', 'United Kingdom'],
  ['great britain', 'United Kingdom'],
]);
/** Languages whose country names are recognised (Google writes them in the account's language). */
const COUNTRY_NAME_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'cs'];

let countryNames: Set<string> | null = null;

/** Lower-cased country names in those languages, from the runtime's CLDR data (built once). */
function countries(): Set<string> {
  if (countryNames) return countryNames;
  const names = new Set<string>(COUNTRY_ALIASES.keys());
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const language of COUNTRY_NAME_LANGUAGES) {
    const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    for (const a of letters)
      for (const b of letters) {
        const code = a + b;
        const name = display.of(code);
        if (name && name !== code) names.add(name.toLowerCase());
      }
  }
  countryNames = names;
  return names;
}

/** "10435 Berlin", "75001 Paris", "1010 Wien", "1012 AB Amsterdam", "00-950 Warszawa", "114 55 Stockholm". */
const POSTCODE_CITY = /^(\d{4} ?[A-Z]{2}|\d{4,5}|\d{2}-\d{3}|\d{3} \d{2})\s+(\p{L}[\p{L}\p{M} .'’-]*)$/u;
/** "CA 92501", "NY 10001-2345" (a US state and ZIP); "ON M5V 2T6" (a Canadian province and code). */
const STATE_ZIP = /^([A-Z]{2})\s+(\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)$/;
/** "London SW1A 1AA" (a UK city and postcode). */
const CITY_UK_POSTCODE = /^(\p{L}[\p{L}\p{M} .'’-]*?)\s+([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/u;
/** A place name: letters, spaces and the punctuation of names, no digits. */
const PLACE = /^\p{L}[\p{L}\p{M} .'’-]*$/u;

/**
 * The parts of an address, or null when it does not read as one (nothing found but a street):
 * then it stays whole in Address.
 */
export function splitAddress(text: string): AddressParts | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0 || text.length > 500) return null;
  const result: Omit<AddressParts, 'address'> = {};

  // A country alone is one too: Last.fm writes LOCATION as "Theater Bouwkunde, Netherlands".
  const last = parts[parts.length - 1] as string;
  if (countries().has(last.toLowerCase())) {
    result.country = COUNTRY_ALIASES.get(last.toLowerCase()) ?? last;
    parts.pop();
  }

  const locality = parts[parts.length - 1];
  let m: RegExpExecArray | null;
  if (locality !== undefined && (m = POSTCODE_CITY.exec(locality))) {
    result.zip = m[1];
    result.city = (m[2] as string).trim();
    parts.pop();
  } else if (locality !== undefined && parts.length > 1 && (m = STATE_ZIP.exec(locality))) {
    result.state = m[1];
    result.zip = m[2];
    parts.pop();
    const city = parts[parts.length - 1] as string;
    if (PLACE.test(city)) {
      result.city = city;
      parts.pop();
    }
  } else if (locality !== undefined && (m = CITY_UK_POSTCODE.exec(locality))) {
    result.city = (m[1] as string).trim();
    result.zip = m[2];
    parts.pop();
  } else if (result.country && locality !== undefined && parts.length > 1 && PLACE.test(locality)) {
    // "Schönhauser Allee 36, Berlin, Germany": before the country and after the street, the city.
    result.city = locality;
    parts.pop();
  }
  if (Object.keys(result).length === 0) return null;
  return Object.assign({ address: parts.join(', ') }, result);
}

/** Whether a piece of text reads as a street address ("Schönhauser Allee 36", "1200 River Rd"). */
export function looksLikeStreet(text: string): boolean {
  return /\p{L}/u.test(text) && /\d/.test(text);
}
