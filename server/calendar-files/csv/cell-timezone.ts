// A timezone cell → a name the event model takes (an IANA name, 'UTC', or a 'UTC+5:30' manual
// offset, server/domain/dates.ts). TEC's importer accepts IANA names and "UTC+2"-style offsets
// (Tribe__Timezones::is_utc_offset); spreadsheets also carry "GMT+2", "+02:00" and, from Outlook,
// Windows names ("W. Europe Standard Time"), so those are read as well.
//
// A whole-hour offset becomes the tz database's fixed zone, whose sign is inverted by POSIX
// convention: UTC+2 is Etc/GMT-2, UTC-5 is Etc/GMT+5. The database has those only from -12 to +14
// hours and only for whole hours; other offsets keep the manual-offset spelling ('UTC+5:30').

import { IANAZone } from 'luxon';
import { findIana } from 'windows-iana';

const UTC_NAMES = new Set([
  'utc',
  'gmt',
  'z',
  'zulu',
  'uct',
  'universal',
  'greenwich',
  'gmt0',
  'etc/utc',
  'etc/gmt',
  'etc/gmt0',
  'etc/gmt+0',
  'etc/gmt-0',
  'etc/uct',
  'etc/universal',
  'etc/zulu',
  'etc/greenwich',
]);

// 'UTC+2', 'UTC-5:30', 'UTC+5.5' (WordPress's spelling), 'GMT+0200', '+02:00', 'UTC +2'.
const OFFSET = /^(?:utc|gmt)?\s*([+-])\s*(\d{1,2})(?::?(\d{2})|\.(\d{1,2}))?$/;

/** Canonical spelling by lower-cased name, for files that write "europe/berlin". */
let canonicalNames: Map<string, string> | undefined;
function canonicalName(lowered: string): string | undefined {
  if (!canonicalNames) {
    canonicalNames = new Map();
    for (const name of Intl.supportedValuesOf('timeZone')) canonicalNames.set(name.toLowerCase(), name);
  }
  return canonicalNames.get(lowered);
}

function fromOffset(sign: string, hoursText: string, minutesText?: string, fraction?: string): string | null {
  const hours = Number(hoursText);
  let minutes = 0;
  if (minutesText !== undefined) minutes = Number(minutesText);
  else if (fraction !== undefined) {
    // '.5' → 30, '.75' → 45; a fraction that is no whole minute is no offset.
    minutes = (Number(fraction) * 60) / 10 ** fraction.length;
    if (!Number.isInteger(minutes)) return null;
  }
  if (minutes > 59 || hours * 60 + minutes > 14 * 60) return null;
  if (hours === 0 && minutes === 0) return 'UTC';
  if (minutes === 0 && (sign === '+' || hours <= 12)) return `Etc/GMT${sign === '+' ? '-' : '+'}${hours}`;
  return `UTC${sign}${hours}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`}`;
}

function resolve(text: string): string | null {
  const lowered = text.toLowerCase();
  if (UTC_NAMES.has(lowered)) return 'UTC';
  const offset = OFFSET.exec(lowered);
  if (offset) return fromOffset(offset[1]!, offset[2]!, offset[3], offset[4]);
  const canonical = canonicalName(lowered);
  if (canonical) return canonical;
  // Aliases the tz database keeps (US/Eastern, Asia/Calcutta) but Intl does not list.
  if (IANAZone.isValidZone(text)) return text;
  const windows = findIana(text)[0];
  return windows ?? null;
}

const CACHE = new Map<string, string | null>();

/** The zone a cell names, or null when it names none. Call only for non-empty cells. */
export function parseTimezoneCell(cell: string): string | null {
  const text = cell.trim();
  let zone = CACHE.get(text);
  if (zone === undefined) {
    zone = resolve(text);
    if (CACHE.size < 1000) CACHE.set(text, zone);
  }
  return zone;
}
