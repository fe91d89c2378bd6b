// CALDAV:filter of a calendar-query (RFC 4791 §9.7): the VEVENT time range becomes SQL (the
// posts' UTC columns, by index); property filters (text-match, is-not-defined) are checked on the
// rendered object with ical.js. What is not supported is refused with CALDAV:supported-filter,
// never answered as if it matched.
import ICAL from 'ical.js';
import { DavError, calDavCondition } from './errors.ts';
import { CALDAV, attributeOf, children, is, textOf, type XmlElement as Element } from './xml.ts';

interface PropFilter {
  name: string;
  isNotDefined: boolean;
  textMatch?: { text: string; negate: boolean; caseless: boolean };
}

export interface QueryFilter {
  /** A component Almanac's calendars never hold (VTODO…): nothing matches. */
  matchNothing: boolean;
  /** UTC walls `YYYY-MM-DD HH:MM:SS`. */
  range?: { start?: string; end?: string };
  propFilters: PropFilter[];
}

const unsupported = (what: string) =>
  new DavError(403, `This filter is not supported: ${what}.`, calDavCondition('supported-filter'));
const invalid = (what: string) =>
  new DavError(400, `The filter is not valid: ${what}.`, calDavCondition('valid-filter'));

/** `20260105T090000Z` → `2026-01-05 09:00:00` (RFC 4791 §9.9: UTC date-times only). */
export function utcWallOf(value: string | null, attribute: string): string | undefined {
  if (value === null || value === '') return undefined;
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value.trim());
  if (!match) throw invalid(`${attribute}="${value}" is not a UTC date-time (20260105T090000Z)`);
  const [, y, mo, da, h, mi, s] = match;
  return `${y}-${mo}-${da} ${h}:${mi}:${s}`;
}

export function timeRangeOf(element: Element): { start?: string; end?: string } {
  const start = utcWallOf(attributeOf(element, 'start'), 'start');
  const end = utcWallOf(attributeOf(element, 'end'), 'end');
  if (start === undefined && end === undefined) throw invalid('a time-range needs a start or an end');
  if (start !== undefined && end !== undefined && end <= start) throw invalid('the time-range ends before it starts');
  return { start, end };
}

function propFilterOf(element: Element): PropFilter {
  const name = (attributeOf(element, 'name') ?? '').trim().toLowerCase();
  if (name === '') throw invalid('a prop-filter needs a name');
  const filter: PropFilter = { name, isNotDefined: false };
  for (const part of children(element)) {
    if (is(part, CALDAV, 'is-not-defined')) filter.isNotDefined = true;
    else if (is(part, CALDAV, 'text-match')) {
      const collation = attributeOf(part, 'collation') || 'i;ascii-casemap';
      if (collation !== 'i;ascii-casemap' && collation !== 'i;octet')
        throw new DavError(403, `Collation ${collation} is not supported.`, calDavCondition('supported-collation'));
      filter.textMatch = {
        text: textOf(part),
        negate: attributeOf(part, 'negate-condition') === 'yes',
        caseless: collation === 'i;ascii-casemap',
      };
    } else throw unsupported(`${part.name} inside a prop-filter`);
  }
  return filter;
}

export function parseQueryFilter(filter: Element | undefined): QueryFilter {
  if (!filter) throw invalid('calendar-query needs a CALDAV:filter');
  const result: QueryFilter = { matchNothing: false, propFilters: [] };
  const [calendar, ...more] = children(filter);
  if (
    !calendar ||
    !is(calendar, CALDAV, 'comp-filter') ||
    more.length > 0 ||
    attributeOf(calendar, 'name')?.toUpperCase() !== 'VCALENDAR'
  )
    throw invalid('the filter holds one comp-filter for VCALENDAR');
  for (const part of children(calendar)) {
    if (is(part, CALDAV, 'is-not-defined')) result.matchNothing = true;
    else if (is(part, CALDAV, 'comp-filter')) {
      const name = (attributeOf(part, 'name') ?? '').toUpperCase();
      if (name !== 'VEVENT') {
        result.matchNothing = true;
        continue;
      }
      for (const inner of children(part)) {
        if (is(inner, CALDAV, 'time-range')) result.range = timeRangeOf(inner);
        else if (is(inner, CALDAV, 'is-not-defined')) result.matchNothing = true;
        else if (is(inner, CALDAV, 'prop-filter')) result.propFilters.push(propFilterOf(inner));
        else throw unsupported(`${inner.name} inside the VEVENT comp-filter`);
      }
    } else if (is(part, CALDAV, 'time-range') || is(part, CALDAV, 'prop-filter')) {
      throw unsupported(`${part.name} on VCALENDAR`);
    } else throw invalid(`${part.name} inside a comp-filter`);
  }
  return result;
}

/** Whether an object's VEVENT passes the property filters (the time range was SQL's). */
export function passesPropFilters(filter: QueryFilter, text: string): boolean {
  if (filter.propFilters.length === 0) return true;
  const event = new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstSubcomponent('vevent');
  if (!event) return false;
  return filter.propFilters.every((prop) => {
    const properties = event.getAllProperties(prop.name);
    if (prop.isNotDefined) return properties.length === 0;
    if (properties.length === 0) return false;
    const match = prop.textMatch;
    if (!match) return true;
    const wanted = match.caseless ? match.text.toLowerCase() : match.text;
    const found = properties.some((property) =>
      property.getValues().some((value) => {
        const text = String(value);
        return (match.caseless ? text.toLowerCase() : text).includes(wanted);
      }),
    );
    return found !== match.negate;
  });
}
