// What an object a client PUTs may hold, checked on its lines before ical.js reads it: iCalendar's
// components nest three deep (VCALENDAR › VEVENT › VALARM, VCALENDAR › VTIMEZONE › STANDARD), and
// ical.js reads nesting by recursion — 2,000 nested VALARMs (52 KB) overflowed the stack (a 500).
// Every VEVENT (a series' exceptions) and every RDATE/EXDATE value goes through the import's
// reader on its own (calendar-object.ts) on the event loop: ~0.25 ms of CPU each (999 EXDATEs took
// 261 ms, 499 changed occurrences 190 ms), so their counts bound what one PUT stalls the service.
// Refused with 403 and the precondition RFC 4791 §5.3.2.1 names, as other objects we cannot keep.
import { DavError, calDavCondition } from './errors.ts';
import { readObject, type ReadObject } from './calendar-object.ts';

/** Components nested inside one another: iCalendar needs 3; X- components get a little room. */
export const MAX_COMPONENT_DEPTH = 8;
/** VEVENTs of one object: a series and its changed occurrences (clients send a few, tens at most): ~75 ms. */
export const MAX_OBJECT_EVENTS = 200;
/** RDATE and EXDATE values of one object (a weekly series of 8 years with every other week skipped: ~200): ~95 ms. */
export const MAX_OBJECT_DATES = 400;
/** Components of any kind (VEVENTs, two VALARMs each, VTIMEZONEs and their parts). */
export const MAX_OBJECT_COMPONENTS = 1_000;

const refuse = (message: string) => new DavError(403, message, calDavCondition('valid-calendar-data'));

/** Throws 403 (CALDAV:valid-calendar-data) when `text` crosses a limit; reads each line once. */
export function checkObjectShape(text: string): void {
  let depth = 0;
  let components = 0;
  let events = 0;
  let dates = 0;
  // Unfolded lines (RFC 5545 §3.1): a folded name cannot hide a BEGIN or an EXDATE.
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const semicolon = line.indexOf(';');
    const name = line.slice(0, semicolon > 0 && semicolon < colon ? semicolon : colon).toUpperCase();
    if (name === 'BEGIN') {
      if (++depth > MAX_COMPONENT_DEPTH)
        throw refuse(`Components are nested more than ${MAX_COMPONENT_DEPTH} deep (iCalendar nests three).`);
      if (++components > MAX_OBJECT_COMPONENTS)
        throw refuse(`An object may hold at most ${MAX_OBJECT_COMPONENTS} components.`);
      if (
        line
          .slice(colon + 1)
          .trim()
          .toUpperCase() === 'VEVENT' &&
        ++events > MAX_OBJECT_EVENTS
      )
        throw refuse(`An object may hold at most ${MAX_OBJECT_EVENTS} events (a series and its changed occurrences).`);
    } else if (name === 'END') {
      depth = Math.max(0, depth - 1);
    } else if (name === 'RDATE' || name === 'EXDATE') {
      dates += line.slice(colon + 1).split(',').length;
      if (dates > MAX_OBJECT_DATES)
        throw refuse(`An object may hold at most ${MAX_OBJECT_DATES} RDATE and EXDATE dates.`);
    }
  }
}

/** An object a client PUT, read (its shape checked first): on the object worker, or here. */
export function readClientObject(text: string, timezone: string): ReadObject {
  checkObjectShape(text);
  return readObject(text, timezone);
}
