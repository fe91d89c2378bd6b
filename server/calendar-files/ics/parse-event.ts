// One VEVENT's lines → an ical.js component, with the lines of the file in any error. ical.js
// parses values lazily and its messages name no line, so each property is read here, once, and a
// failure is reported at the line the scanner recorded for that property.

import ICAL from 'ical.js';
import { CalendarFileError } from '../imported-event.ts';
import type { ScannedEvent } from './calendar-scanner.ts';

/** Properties whose typed values the reader uses (ical.js names are lower-case). */
const USED_VALUES = new Set(['dtstart', 'dtend', 'duration', 'rrule', 'rdate', 'exdate', 'recurrence-id', 'geo']);

/** Throws CalendarFileError (the event cannot be read) with the line of the property at fault. */
export function parseEvent(scanned: ScannedEvent): ICAL.Component {
  let component: ICAL.Component;
  try {
    component = new ICAL.Component(ICAL.parse(scanned.lines.join('\r\n')) as unknown[]);
  } catch (error) {
    throw locate(scanned, error);
  }
  component.getAllProperties().forEach((property, index) => {
    // Only the values the import uses: a broken DTSTAMP or CREATED is no reason to stop it (and
    // building ical.js times nobody reads is a good part of the cost of a large file).
    if (!USED_VALUES.has(property.name)) return;
    try {
      property.getValues();
    } catch (error) {
      throw valueError(scanned.propertyLines[index] ?? scanned.line, property.name, error);
    }
  });
  return component;
}

/**
 * ical.js parses some values (RRULE, GEO, …) while parsing the component and says nothing of where:
 * parse the lines one by one to find the one it fails on.
 */
function locate(scanned: ScannedEvent, error: unknown): CalendarFileError {
  scanned.lines.forEach((text, index) => {
    if (/^(BEGIN|END):/i.test(text)) return;
    try {
      ICAL.parse.property(text);
    } catch (lineError) {
      throw valueError(scanned.lineNumbers[index] ?? scanned.line, text.split(/[;:]/, 1)[0] ?? '', lineError);
    }
  });
  return new CalendarFileError(scanned.line, 'unreadable', `The event cannot be read (${messageOf(error)}).`, {
    detail: messageOf(error),
  });
}

function valueError(line: number, property: string, error: unknown): CalendarFileError {
  const name = property.toUpperCase().slice(0, 60);
  return new CalendarFileError(
    line,
    name === 'RRULE' ? 'invalid_rrule' : 'invalid_value',
    `${name} cannot be read (${messageOf(error)}).`,
    name === 'RRULE' ? { why: 'unreadable', detail: messageOf(error) } : { heading: name, detail: messageOf(error) },
  );
}

/** An error's message, cut to a length a note can carry. */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 200 ? `${text.slice(0, 197)}…` : text;
}
