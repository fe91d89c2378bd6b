// The first pass over the unfolded lines: checks that the file is iCalendar and that BEGIN/END
// pair up, and cuts it into the pieces the reader handles one at a time (calendar properties,
// VTIMEZONE blocks, VEVENT blocks, other components to skip). Only one component's lines are
// held at any moment, which is what keeps the memory of a 50 MB import proportional to one event.

import { CalendarFileError } from '../imported-event.ts';
import { splitContentLine, paramValue, unescapeText } from './content-line.ts';
import { dateKind } from './date-values.ts';

/** A VEVENT as the scanner saw it: its text for ical.js and what the reader decides on before parsing. */
export interface ScannedEvent {
  /** Line of BEGIN:VEVENT. */
  line: number;
  /**
   * The lines ical.js gets: BEGIN:VEVENT, the properties the import uses (date lines may be
   * normalized), END:VEVENT.
   */
  lines: string[];
  /** The file line of each of `lines`. */
  lineNumbers: number[];
  /** Line number of each of the event's own properties, in order (ical.js keeps that order). */
  propertyLines: number[];
  uid?: string;
  summary?: string;
  /** The whole DTSTART line (with its parameters): the input of a derived UID. */
  dtstart?: string;
  hasRecurrenceId: boolean;
  /** RRULE or RDATE present. */
  recurring: boolean;
  cancelled: boolean;
  /** Every TZID its date properties name. */
  tzids: string[];
}

export interface ScannedTimezone {
  line: number;
  tzid: string;
  lines: string[];
}

export interface ScanSink {
  /** A property of the VCALENDAR itself (X-WR-TIMEZONE, X-WR-CALNAME, …). */
  calendarProperty(name: string, value: string, line: number): void;
  timezone(zone: ScannedTimezone): void;
  event(event: ScannedEvent): void;
  /** A VTODO, VJOURNAL, VFREEBUSY, …: not imported. */
  otherComponent(name: string, line: number, uid: string | undefined, summary: string | undefined): void;
}

/** Components that only a VCALENDAR may contain: seeing one inside another means an END is missing. */
const TOP_LEVEL = new Set(['VCALENDAR', 'VEVENT', 'VTODO', 'VJOURNAL', 'VFREEBUSY', 'VTIMEZONE', 'VAVAILABILITY']);
/**
 * The VEVENT properties the import reads (event-fields.ts, expand-series.ts). Only these reach
 * ical.js: meeting invitations carry dozens of ATTENDEE lines, Outlook a dozen X-MICROSOFT ones,
 * and parsing them would be most of the work (and of the memory a series is kept in).
 */
const USED_PROPERTIES = new Set([
  'UID',
  'SUMMARY',
  'DESCRIPTION',
  'X-ALT-DESC',
  'DTSTART',
  'DTEND',
  'DURATION',
  'RRULE',
  'RDATE',
  'EXDATE',
  'RECURRENCE-ID',
  'SEQUENCE',
  'STATUS',
  'CLASS',
  'LOCATION',
  'GEO',
  'X-APPLE-STRUCTURED-LOCATION',
  'ORGANIZER',
  'X-ALMANAC-ORGANIZER',
  'CATEGORIES',
  'URL',
  'X-COST',
]);
/** Date properties of an event that are checked here, so that a bad one is reported with its line. */
const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);

interface Open {
  name: string;
  line: number;
}

interface Block {
  name: string;
  line: number;
  lines: string[];
  lineNumbers: number[];
  event?: ScannedEvent;
  tzid?: string;
  uid?: string;
  summary?: string;
}

export class CalendarScanner {
  private readonly open: Open[] = [];
  private block: Block | null = null;
  private seenAnyLine = false;

  constructor(private readonly sink: ScanSink) {}

  line(text: string, line: number): void {
    if (!this.seenAnyLine) {
      this.seenAnyLine = true;
      if (!/^BEGIN:VCALENDAR\s*$/i.test(text)) {
        throw new CalendarFileError(
          line,
          'not_icalendar',
          `Line ${line}: the file does not start with BEGIN:VCALENDAR, so it is not an iCalendar (.ics) file.`,
        );
      }
    }
    const parts = splitContentLine(text);
    if (!parts) {
      throw new CalendarFileError(
        line,
        'malformed_line',
        `Line ${line}: "${clip(text)}" is not an iCalendar property line (NAME:value).`,
      );
    }
    if (parts.name === 'BEGIN') this.begin(parts.value.trim().toUpperCase(), text, line);
    else if (parts.name === 'END') this.end(parts.value.trim().toUpperCase(), text, line);
    else this.property(parts.name, parts.params, parts.value, text, line);
  }

  /** The input is complete: everything opened must have been closed. */
  finish(lastLine: number): void {
    if (!this.seenAnyLine) {
      throw new CalendarFileError(1, 'not_icalendar', 'Line 1: the file is empty; it is not an iCalendar (.ics) file.');
    }
    const innermost = this.open.at(-1);
    if (innermost) {
      throw new CalendarFileError(
        innermost.line,
        'unbalanced',
        `Line ${innermost.line}: BEGIN:${innermost.name} is never closed by END:${innermost.name} (the file ends at line ${lastLine}).`,
      );
    }
  }

  private begin(name: string, text: string, line: number): void {
    const depth = this.open.length;
    if (depth === 0) {
      if (name !== 'VCALENDAR') {
        throw new CalendarFileError(
          line,
          'unbalanced',
          `Line ${line}: BEGIN:${name} is outside BEGIN:VCALENDAR … END:VCALENDAR.`,
        );
      }
    } else if (depth >= 2 && TOP_LEVEL.has(name)) {
      // A VEVENT inside a VEVENT: the earlier component lacks its END (the usual hand-editing slip).
      const unclosed = this.open[depth - 1] as Open;
      throw new CalendarFileError(
        unclosed.line,
        'unbalanced',
        `Line ${unclosed.line}: BEGIN:${unclosed.name} is not closed by END:${unclosed.name} before BEGIN:${name} at line ${line}.`,
      );
    } else if (depth === 1) {
      this.block = { name, line, lines: [], lineNumbers: [] };
      if (name === 'VEVENT') {
        this.block.event = {
          line,
          lines: this.block.lines,
          lineNumbers: this.block.lineNumbers,
          propertyLines: [],
          hasRecurrenceId: false,
          recurring: false,
          cancelled: false,
          tzids: [],
        };
      }
    }
    this.open.push({ name, line });
    // An event's sub-components (VALARM) are not imported: ical.js need not see them.
    if (this.block && !(this.block.event && depth >= 2)) keep(this.block, text, line);
  }

  private end(name: string, text: string, line: number): void {
    const top = this.open.at(-1);
    if (!top || !this.open.some((open) => open.name === name)) {
      throw new CalendarFileError(line, 'unbalanced', `Line ${line}: END:${name} has no matching BEGIN:${name}.`);
    }
    if (top.name !== name) {
      // An outer component ends while an inner one is open: name the BEGIN left open, which is
      // where the missing END belongs.
      throw new CalendarFileError(
        top.line,
        'unbalanced',
        `Line ${top.line}: BEGIN:${top.name} is not closed by END:${top.name} (line ${line} has END:${name}).`,
      );
    }
    this.open.pop();
    const block = this.block;
    if (!block) return;
    if (!(block.event && this.open.length >= 2)) keep(block, text, line);
    if (this.open.length === 1) {
      this.block = null;
      this.dispatch(block);
    }
  }

  private property(name: string, params: string, value: string, text: string, line: number): void {
    const depth = this.open.length;
    if (depth === 0) {
      throw new CalendarFileError(
        line,
        'malformed_line',
        `Line ${line}: "${clip(text)}" is outside BEGIN:VCALENDAR … END:VCALENDAR.`,
      );
    }
    if (depth === 1) {
      this.sink.calendarProperty(name, value, line);
      return;
    }
    const block = this.block as Block;
    // Properties of sub-components (VALARM, STANDARD/DAYLIGHT) travel with the block, unexamined.
    if (block.event) {
      if (depth > 2) return;
      const kept = this.eventProperty(block.event, name, params, value, text, line);
      if (kept !== null) keep(block, kept, line);
      return;
    }
    keep(block, text, line);
    if (name === 'TZID') block.tzid = unescapeText(value).trim();
    else if (name === 'UID') block.uid = unescapeText(value).trim();
    else if (name === 'SUMMARY') block.summary = unescapeText(value).trim();
  }

  /**
   * Notes what the reader needs from one property of a VEVENT; returns the line to hand to ical.js,
   * or null for a property the import does not use.
   */
  private eventProperty(
    event: ScannedEvent,
    name: string,
    params: string,
    value: string,
    text: string,
    line: number,
  ): string | null {
    if (!USED_PROPERTIES.has(name)) return null;
    event.propertyLines.push(line);
    switch (name) {
      case 'UID':
        event.uid = unescapeText(value).trim() || undefined;
        return text;
      case 'SUMMARY':
        event.summary = unescapeText(value).trim();
        return text;
      case 'STATUS':
        event.cancelled = value.trim().toUpperCase() === 'CANCELLED';
        return text;
      case 'RRULE':
        event.recurring = true;
        return text;
      case 'RDATE':
        event.recurring = true;
        break;
      case 'RECURRENCE-ID':
        event.hasRecurrenceId = true;
        break;
      case 'DTSTART':
        event.dtstart = text;
        break;
    }
    if (!DATE_PROPERTIES.has(name)) return text;
    return checkDates(event, name, params, value, text, line);
  }

  private dispatch(block: Block): void {
    if (block.event) this.sink.event(block.event);
    else if (block.name === 'VTIMEZONE') {
      if (block.tzid) this.sink.timezone({ line: block.line, tzid: block.tzid, lines: block.lines });
    } else this.sink.otherComponent(block.name, block.line, block.uid, block.summary);
  }
}

function keep(block: Block, text: string, line: number): void {
  block.lines.push(text);
  block.lineNumbers.push(line);
}

/**
 * Validates the date(s) of DTSTART, DTEND, RECURRENCE-ID, EXDATE or RDATE and returns the line for
 * ical.js: a bare date without VALUE=DATE (common in hand-made files) gets the parameter, because
 * ical.js otherwise reads "20260105" as a broken date-time.
 */
function checkDates(
  event: ScannedEvent,
  name: string,
  params: string,
  value: string,
  text: string,
  line: number,
): string {
  const declared = paramValue(params, 'VALUE')?.toUpperCase();
  const tzid = paramValue(params, 'TZID');
  if (tzid !== undefined && !event.tzids.includes(tzid)) event.tzids.push(tzid);
  const values = name === 'EXDATE' || name === 'RDATE' ? value.split(',') : [value];
  let allDates = true;
  for (const raw of values) {
    const item = raw.trim();
    // An RDATE period is start/end or start/duration; its start is what must be a date-time.
    const start = declared === 'PERIOD' ? (item.split('/')[0] ?? '') : item;
    const kind = dateKind(start);
    if (kind === null || (declared === 'DATE' && kind !== 'date')) {
      throw new CalendarFileError(
        line,
        'invalid_date',
        `Line ${line}: ${name} value "${clip(item)}" is not a valid date.`,
      );
    }
    if (kind !== 'date') allDates = false;
  }
  if (allDates && declared === undefined) {
    return `${text.slice(0, name.length)};VALUE=DATE${text.slice(name.length)}`;
  }
  return text;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
