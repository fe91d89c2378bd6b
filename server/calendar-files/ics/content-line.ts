// The shape of one content line, `NAME;PARAM=value;PARAM="quoted":value` (RFC 5545 §3.1), read just
// far enough for the scanner: the name, the raw parameter text and the value. ical.js parses each
// event properly later; this first pass only needs to find structure, dates and line numbers.

export interface ContentLineParts {
  /** Upper-cased property name. */
  name: string;
  /** The text between the name and the value colon, without the leading ';' ('' when there is none). */
  params: string;
  value: string;
}

const NAME_AND_SEPARATOR = /^([A-Za-z0-9-]+)([;:])/;

/**
 * Splits a logical line, or returns null when it is not `NAME[;params]:value`. Written with
 * indexOf and regular expressions rather than a loop over characters: they run as native code
 * from the first call, which matters for a 50 MB file read by a process that has not warmed up.
 */
export function splitContentLine(text: string): ContentLineParts | null {
  const m = NAME_AND_SEPARATOR.exec(text);
  if (!m) return null;
  const name = (m[1] as string).toUpperCase();
  const afterName = m[0].length;
  if (m[2] === ':') return { name, params: '', value: text.slice(afterName) };
  // Parameter values may be quoted and then contain ':' (TZID="(UTC+01:00) Amsterdam, Berlin"), so
  // the value starts at the first colon outside quotes.
  let colon = text.indexOf(':', afterName);
  let quote = text.indexOf('"', afterName);
  while (colon !== -1 && quote !== -1 && quote < colon) {
    const closing = text.indexOf('"', quote + 1);
    if (closing === -1) return null;
    colon = text.indexOf(':', closing + 1);
    quote = text.indexOf('"', closing + 1);
  }
  if (colon === -1) return null;
  return { name, params: text.slice(afterName, colon), value: text.slice(colon + 1) };
}

const PARAMETERS = new Map<string, RegExp>();

/** The value of one parameter (case-insensitive name), quotes removed; undefined when absent. */
export function paramValue(params: string, wanted: string): string | undefined {
  if (params === '') return undefined;
  let pattern = PARAMETERS.get(wanted);
  if (!pattern) {
    pattern = new RegExp(`(?:^|;)${wanted}=(?:"([^"]*)"|([^;]*))`, 'i');
    PARAMETERS.set(wanted, pattern);
  }
  const m = pattern.exec(params);
  if (!m) return undefined;
  return (m[1] ?? m[2] ?? '').trim();
}

/**
 * Undoes TEXT escaping (RFC 5545 §3.3.11: `\\`, `\;`, `\,`, `\n`/`\N`). ical.js does this for the
 * properties it knows; we need it for the few values read before ical.js (UID, SUMMARY for skip
 * messages) and for X- properties and parameters ical.js leaves raw (X-ALT-DESC, Apple's X-ADDRESS).
 */
export function unescapeText(value: string): string {
  if (value.indexOf('\\') === -1) return value;
  return value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}
