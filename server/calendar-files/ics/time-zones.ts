// Finds the IANA zone a TZID means. Producers name zones differently: Google, Apple and most
// servers use IANA names ("Europe/Berlin"); Outlook and Exchange use Windows names ("W. Europe
// Standard Time") or even the display name ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, …");
// Thunderbird and libical prefix the IANA name ("/mozilla.org/20050126_1/Europe/Berlin"). Events
// are stored in IANA zones, so every name is mapped to one where that can be done with confidence.

import { IANAZone } from 'luxon';
import { IANA_ALIAS_MAP, WINDOWS_TO_IANA_MAP } from 'windows-iana';

interface Lookup {
  /** Lower-cased IANA name (and alias) → its spelling. */
  iana: Map<string, string>;
  /** Lower-cased city ("new york", "sao paulo") → an IANA zone, for Windows display names. */
  cities: Map<string, string>;
  /** Lower-cased Windows zone name → the zone CLDR gives for it worldwide (territory 001). */
  windows: Map<string, string>;
}

let lookup: Lookup | null = null;

/** Built once, on first use (a few hundred entries). */
function tables(): Lookup {
  if (lookup) return lookup;
  const iana = new Map<string, string>();
  const cities = new Map<string, string>();
  const names = [...Intl.supportedValuesOf('timeZone'), ...IANA_ALIAS_MAP.flatMap((entry) => entry.alias), 'UTC'];
  for (const name of names) {
    if (!iana.has(name.toLowerCase())) iana.set(name.toLowerCase(), name);
    const city = name.slice(name.lastIndexOf('/') + 1).replace(/_/g, ' ');
    if (name.includes('/') && !cities.has(city.toLowerCase())) cities.set(city.toLowerCase(), name);
  }
  const windows = new Map<string, string>();
  for (const entry of WINDOWS_TO_IANA_MAP) {
    const first = entry.iana[0];
    if (entry.territory === '001' && first) windows.set(entry.windowsName.toLowerCase(), first);
  }
  lookup = { iana, cities, windows };
  return lookup;
}

/** The IANA spelling of a zone name, case-insensitively; null when it is not one. */
export function ianaName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return null;
  const known = tables().iana.get(trimmed.toLowerCase());
  if (known) return known;
  // Names the tables lack but the runtime knows (a newer tzdata than windows-iana's list).
  return IANAZone.isValidZone(trimmed) ? trimmed : null;
}

/**
 * The IANA zone for a TZID, or null when the name does not tell. `location` is the X-LIC-LOCATION
 * of the file's VTIMEZONE, if any (Google and libical write the IANA name there).
 */
export function ianaForTzid(tzid: string, location?: string): string | null {
  const name = tzid.trim();
  return (
    ianaName(name) ??
    fromPrefixedName(name) ??
    tables().windows.get(name.toLowerCase()) ??
    fromDisplayName(name) ??
    (location ? ianaName(location) : null)
  );
}

/** "/mozilla.org/20050126_1/Europe/Berlin", "/citadel.org/20190914_1/America/New_York": the longest IANA tail. */
function fromPrefixedName(name: string): string | null {
  if (!name.includes('/')) return null;
  const parts = name.split('/').filter((part) => part !== '');
  for (let i = 1; i < parts.length - 1; i++) {
    const found = tables().iana.get(parts.slice(i).join('/').toLowerCase());
    if (found) return found;
  }
  return null;
}

const DISPLAY_NAME = /^\(\s*(?:UTC|GMT)\s*(?:([+-])(\d{1,2}):?(\d{2}))?\s*\)\s*(.*)$/i;

/**
 * "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna" → Europe/Amsterdam;
 * "(UTC-08:00) Pacific Time (US & Canada)" → America/Los_Angeles (via "Pacific Standard Time").
 * Each candidate must have the standard offset the name states, so a city that happens to share its
 * name with a zone elsewhere cannot mislead it.
 */
function fromDisplayName(name: string): string | null {
  const m = DISPLAY_NAME.exec(name);
  if (!m) return null;
  const offset = m[2] === undefined ? 0 : (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  const { cities, windows } = tables();
  for (const piece of (m[4] ?? '').split(',')) {
    const place = piece
      .replace(/\(.*?\)/g, '')
      .trim()
      .toLowerCase();
    if (place === '') continue;
    const candidates = [
      cities.get(place),
      windows.get(`${place} standard time`),
      windows.get(place.replace(/ time$/, ' standard time')),
    ];
    for (const candidate of candidates) {
      if (candidate && standardOffset(candidate) === offset) return candidate;
    }
  }
  return null;
}

/** The zone's offset outside daylight saving time this year (the smaller of January's and July's). */
function standardOffset(zone: string): number {
  const year = new Date().getUTCFullYear();
  const z = IANAZone.create(zone);
  return Math.min(z.offset(Date.UTC(year, 0, 1)), z.offset(Date.UTC(year, 6, 1)));
}
