// The first pass over the unfolded lines: checks that the file is iCalendar, pairs BEGIN with END,
// and cuts the file into the pieces the reader handles one at a time (calendar properties,
// VTIMEZONE blocks, VEVENT blocks, other components to skip). Only one component's lines are
// held at any moment, which is what keeps the memory of a 50 MB import proportional to one event.
//
// Only a file that does not start as iCalendar is refused (one that starts with a bare VEVENT is
// read as if its VCALENDAR were written around it). Anything else that is broken costs as
// little as it can: a VEVENT with a bad line (a broken fold, a date that is none, a rule that
// cannot be read) is handed on with its `problem` and skipped by the reader with that line; a
// missing END closes what it must; a stray line outside any event is ignored with a warning.

import { CalendarFileError } from '../imported-event.ts';
import type { ImportWarning, NoteParams } from '../imported-event.ts';
import { ownCopy } from '../own-copy.ts';
import { splitContentLine, paramValue, unescapeText } from './content-line.ts';
import { dateKind } from './date-values.ts';
import { checkDuration, MAX_DURATION_YEARS } from './durations.ts';
import { checkRule } from './rule-check.ts';

/** Why an event cannot be imported: the line to fix, a stable code and what the message names. */
export interface EventProblem {
  line: number;
  code: string;
  message: string;
  params: NoteParams;
}

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
  /** The first thing that makes the event unreadable: the reader skips it with this. */
  problem?: EventProblem;
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
  /** Something was ignored or repaired; the import goes on. */
  warning(warning: ImportWarning): void;
}

/** Components that only a VCALENDAR may contain: seeing one inside another means an END is missing. */
const TOP_LEVEL = new Set(['VEVENT', 'VTODO', 'VJOURNAL', 'VFREEBUSY', 'VTIMEZONE', 'VAVAILABILITY']);
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
  /** A VCALENDAR the file never opened: its components came bare (as some tools export one event). */
  implicit?: boolean;
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
  /** Nesting depth inside a component found outside any VCALENDAR (ignored whole). */
  private ignoring = 0;
  /** The calendar's PRODID: a producer known to write GEO longitude first has it read the right way. */
  private producer = '';

  constructor(private readonly sink: ScanSink) {}

  line(text: string, line: number): void {
    if (!this.seenAnyLine) {
      this.seenAnyLine = true;
      const first = /^BEGIN:(V[A-Z]+)\s*$/i.exec(text)?.[1]?.toUpperCase();
      if (first !== 'VCALENDAR' && !(first && TOP_LEVEL.has(first))) {
        throw new CalendarFileError(
          line,
          'not_icalendar',
          'The file does not start with BEGIN:VCALENDAR, so it is not an iCalendar (.ics) file.',
        );
      }
      if (first !== 'VCALENDAR') {
        // A bare VEVENT (one event saved on its own): read as if its calendar were written around it.
        this.open.push({ name: 'VCALENDAR', line, implicit: true });
        this.warn(
          line,
          'no_calendar',
          `The file starts with BEGIN:${first} instead of BEGIN:VCALENDAR; it is read as one calendar.`,
          {
            component: first,
          },
        );
      }
    }
    const parts = splitContentLine(text);
    if (!parts) this.malformed(text, line);
    else if (parts.name === 'BEGIN') this.begin(parts.value.trim().toUpperCase(), text, line);
    else if (parts.name === 'END') this.end(parts.value.trim().toUpperCase(), text, line);
    else this.property(parts.name, parts.params, parts.value, text, line);
  }

  /** The input is complete: what is still open was cut short. */
  finish(lastLine: number): void {
    if (!this.seenAnyLine) {
      throw new CalendarFileError(1, 'not_icalendar', 'The file is empty; it is not an iCalendar (.ics) file.');
    }
    const calendar = this.open[0];
    if (!calendar) return;
    this.closeBlock({ how: 'eof', at: lastLine });
    if (calendar.implicit) return;
    this.warn(
      calendar.line,
      'unterminated',
      `BEGIN:VCALENDAR is never closed by END:VCALENDAR: the file ends at line ${lastLine}, perhaps cut short. What it holds up to there is read.`,
      { at: lastLine },
    );
    this.open.length = 0;
  }

  private warn(line: number, code: string, message: string, params: NoteParams): void {
    this.sink.warning({ line, code, message, params });
  }

  /** A line that is not `NAME:value` (typically a folded line that lost its leading space). */
  private malformed(text: string, line: number): void {
    if (this.ignoring > 0) return;
    const block = this.block;
    const message = `"${clip(text)}" is not an iCalendar property line (NAME:value); a folded line may have lost its leading space.`;
    const params = { text: clip(text) };
    if (block?.event) {
      // Inside an event's own VALARM it breaks nothing the import reads.
      if (this.open.length === 2) problem(block.event, line, 'malformed_line', message, params);
      return;
    }
    // In a VTIMEZONE (or a VTODO, …) the line is left out; at the calendar's level it is ignored.
    this.warn(line, 'malformed_line', `${message} It is ignored.`, params);
  }

  private begin(name: string, text: string, line: number): void {
    if (this.ignoring > 0) {
      this.ignoring++;
      return;
    }
    if (name === 'VCALENDAR') {
      // Calendars one after another are fine; one inside another means the first was never closed.
      if (this.open.length > 0) {
        this.closeBlock({ how: 'before', at: line, next: name });
        this.warn(
          (this.open[0] as Open).line,
          'unbalanced',
          `BEGIN:VCALENDAR is not closed by END:VCALENDAR before another BEGIN:VCALENDAR at line ${line}.`,
          { component: 'VCALENDAR', how: 'before', at: line, next: 'VCALENDAR' },
        );
        this.open.length = 0;
      }
      this.open.push({ name, line });
      return;
    }
    if (this.open.length === 0) {
      this.warn(
        line,
        'outside_calendar',
        `BEGIN:${clip(name)} is outside BEGIN:VCALENDAR … END:VCALENDAR; it is ignored.`,
        {
          text: clip(text),
        },
      );
      this.ignoring = 1;
      return;
    }
    // A VEVENT inside a VEVENT: the earlier component lacks its END (the usual hand-editing slip).
    if (this.open.length >= 2 && TOP_LEVEL.has(name)) this.closeBlock({ how: 'before', at: line, next: name });
    if (this.open.length === 1) {
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
    if (this.block && !(this.block.event && this.open.length > 2)) keep(this.block, text, line);
  }

  private end(name: string, text: string, line: number): void {
    if (this.ignoring > 0) {
      this.ignoring--;
      return;
    }
    let index = this.open.length - 1;
    while (index >= 0 && (this.open[index] as Open).name !== name) index--;
    if (index === -1) {
      this.warn(line, 'unbalanced', `END:${clip(name)} has no matching BEGIN:${clip(name)}; it is ignored.`, {
        component: clip(name),
        how: 'no_begin',
      });
      return;
    }
    if (index === 0) {
      // END:VCALENDAR while a component is still open: that one lacks its END.
      this.closeBlock({ how: 'before_end', at: line, next: name });
      this.open.length = 0;
      return;
    }
    // Sub-components left open inside the block (a VALARM without END): the block itself is whole.
    const unclosed = this.open.slice(index + 1);
    const block = this.block as Block;
    for (const inner of unclosed.reverse()) {
      this.warn(
        inner.line,
        'unbalanced',
        `BEGIN:${clip(inner.name)} is not closed by END:${clip(inner.name)} before END:${clip(name)} at line ${line}; it is closed there.`,
        { component: clip(inner.name), how: 'before_end', at: line, next: clip(name) },
      );
      if (!block.event) keep(block, `END:${inner.name}`, line);
    }
    this.open.length = index;
    if (!(block.event && this.open.length >= 2)) keep(block, text, line);
    if (this.open.length === 1) {
      this.block = null;
      this.dispatch(block);
    }
  }

  /**
   * The component being read lacks its END (another BEGIN, END:VCALENDAR or the end of the file
   * came first): an event is handed on as unreadable, anything else is dropped with a warning.
   */
  private closeBlock(where: { how: 'before' | 'before_end' | 'eof'; at: number; next?: string }): void {
    const block = this.block;
    this.block = null;
    this.open.length = Math.min(this.open.length, 1);
    if (!block) return;
    const name = clip(block.name);
    const what = `BEGIN:${name} is not closed by END:${name}`;
    const message =
      where.how === 'eof'
        ? `${what}: the file ends at line ${where.at}.`
        : `${what} before ${where.how === 'before' ? 'BEGIN' : 'END'}:${clip(where.next ?? '')} at line ${where.at}.`;
    const params: NoteParams = { component: name, how: where.how, at: where.at };
    if (where.next) params.next = clip(where.next);
    if (block.event) {
      problem(block.event, block.line, 'unbalanced', message, params);
      this.sink.event(block.event);
    } else this.warn(block.line, 'unbalanced', `${message} It is ignored.`, params);
  }

  private property(name: string, params: string, value: string, text: string, line: number): void {
    if (this.ignoring > 0) return;
    const depth = this.open.length;
    if (depth === 0) {
      this.warn(
        line,
        'outside_calendar',
        `"${clip(text)}" is outside BEGIN:VCALENDAR … END:VCALENDAR; it is ignored.`,
        {
          text: clip(text),
        },
      );
      return;
    }
    if (depth === 1) {
      if (name === 'PRODID') this.producer = value;
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
    else if (name === 'UID') block.uid = ownCopy(unescapeText(value).trim());
    else if (name === 'SUMMARY') block.summary = ownCopy(unescapeText(value).trim());
  }

  /**
   * Notes what the reader needs from one property of a VEVENT; returns the line to hand to ical.js,
   * or null for a property the import does not use (or cannot).
   */
  private eventProperty(
    event: ScannedEvent,
    name: string,
    params: string,
    value: string,
    text: string,
    line: number,
  ): string | null {
    if (!USED_PROPERTIES.has(name)) {
      // RFC 2445's EXRULE (dropped by RFC 5545): the occurrences it would remove stay; say so.
      if (name === 'EXRULE')
        this.warn(
          line,
          'unsupported_property',
          'EXRULE (an exception rule, obsolete since RFC 5545) is ignored: the occurrences it would remove are imported.',
          {
            heading: 'EXRULE',
          },
        );
      return null;
    }
    switch (name) {
      // A UID and a title outlive their line (the reader's duplicate check, its skip notes): copies
      // of their own, not views of the file's chunk (../own-copy.ts).
      case 'UID':
        event.uid = ownCopy(unescapeText(value).trim()) || undefined;
        break;
      case 'SUMMARY':
        event.summary = ownCopy(unescapeText(value).trim());
        break;
      case 'STATUS':
        event.cancelled = value.trim().toUpperCase() === 'CANCELLED';
        break;
      case 'RRULE':
        event.recurring = true;
        return this.rule(event, text, value, line);
      case 'DURATION':
        return this.duration(event, value, text, line);
      case 'RDATE':
        event.recurring = true;
        break;
      case 'RECURRENCE-ID':
        event.hasRecurrenceId = true;
        break;
      case 'DTSTART':
        event.dtstart = text;
        break;
      case 'GEO':
        return this.geo(event, text, value, line);
    }
    if (DATE_PROPERTIES.has(name)) {
      const checked = checkDates(event, name, params, value, line);
      if (checked === false) return null;
      if (checked !== true) {
        // "DTSTART;VALUE=DATE:20110804T120000" (a festival's export): the value is read as what it
        // is, as the previous release did and as other calendar apps do, and the mismatch is said.
        const declared = paramValue(params, 'VALUE')!.toUpperCase();
        this.warn(
          line,
          'date_type_mismatch',
          `${name} says VALUE=${declared} but holds ${checked === 'date-time' ? 'a date and time' : 'a date'} ("${clip(value)}"); it is read as ${checked === 'date-time' ? 'a date and time' : 'a date'}.`,
          { heading: name, value: clip(value), declared, read: checked },
        );
        params = withoutParam(params, 'VALUE');
        text = `${name}${params === '' ? '' : `;${params}`}:${value}`;
      }
    }
    event.propertyLines.push(line);
    return name === 'DTSTART' || DATE_PROPERTIES.has(name) ? withDateType(name, params, value, text) : text;
  }

  /** RRULE: unknown parts dropped (with a warning), a rule that cannot be read makes the event unreadable. */
  private rule(event: ScannedEvent, text: string, value: string, line: number): string | null {
    const check = checkRule(value);
    for (const part of check.ignored) {
      const hint = part.suggestion ? ` (${part.suggestion} was perhaps meant)` : '';
      // why: misspelt (with the part it is likely a slip of), unknown, or unsupported.
      const params: NoteParams = { part: part.part, value: part.value, why: part.suggestion ? 'misspelt' : part.why };
      if (part.suggestion) params.suggestion = part.suggestion;
      this.warn(
        line,
        'unknown_rrule_part',
        part.why === 'unknown'
          ? `The rule (RRULE) has a part ${part.part}=${part.value} that iCalendar does not define${hint}; it is ignored, and the series repeats as if it were not there.`
          : `The rule (RRULE) has ${part.part}=${part.value}, which Almanac cannot apply; it is ignored.`,
        params,
      );
    }
    if (check.problem || check.value === undefined) {
      const found = check.problem ?? { message: 'The rule (RRULE) cannot be read.', params: {} };
      problem(event, line, 'invalid_rrule', found.message, found.params);
      return null;
    }
    event.propertyLines.push(line);
    return `${text.slice(0, text.length - value.length)}${check.value}`;
  }

  /**
   * GEO: two numbers (RFC 5545 §3.8.1.6). ical.js reads an empty part as 0: a Last.fm export's
   * "GEO:;" made a venue at 0,0 beside the same hall with its coordinates. An empty GEO is no
   * coordinate; one that is no pair of numbers is left out with a warning.
   */
  private geo(event: ScannedEvent, text: string, value: string, line: number): string | null {
    const pair = /^\s*([-+]?\d+(?:\.\d+)?)\s*;\s*([-+]?\d+(?:\.\d+)?)\s*$/.exec(value);
    if (pair) {
      event.propertyLines.push(line);
      const swapped = lonLatOrder(this.producer, Number(pair[1]), Number(pair[2]));
      if (!swapped) return text;
      // RFC 5545 writes latitude first. Last.fm's feeds wrote longitude first (Deventer, at 52.26 N
      // 6.16 E, as "GEO:6.161613;52.255862": a point off Somalia), and a first number past ±90 can
      // be no latitude: the pair is read the other way round, and said.
      this.warn(
        line,
        'geo_swapped',
        `GEO "${clip(value)}" is written longitude first; it is read as latitude ${pair[2]}, longitude ${pair[1]}.`,
        { value: clip(value), lat: pair[2]!, lng: pair[1]!, why: swapped },
      );
      return `${text.slice(0, text.length - value.length)}${pair[2]};${pair[1]}`;
    }
    if (value.replace(/[\s;]/g, '') !== '')
      this.warn(line, 'invalid_coordinate', `GEO "${clip(value)}" is not a latitude and longitude; it is left out.`, {
        heading: 'GEO',
        value: clip(value),
      });
    return null;
  }

  /** DURATION: read in constant time; an absurd one makes the event unreadable, a negative one is dropped. */
  private duration(event: ScannedEvent, value: string, text: string, line: number): string | null {
    const check = checkDuration(value);
    if (check.ok) {
      event.propertyLines.push(line);
      return text;
    }
    if (check.why === 'negative') {
      this.warn(line, 'negative_duration', `DURATION ${clip(value)} is negative; the event ends when it starts.`, {
        value: clip(value),
      });
      return null;
    }
    problem(
      event,
      line,
      'invalid_duration',
      check.why === 'too_long'
        ? `DURATION ${clip(value)} is longer than ${MAX_DURATION_YEARS} years.`
        : `DURATION "${clip(value)}" is not a duration (such as PT1H30M or P2D).`,
      { heading: 'DURATION', value: clip(value), why: check.why, max: MAX_DURATION_YEARS },
    );
    return null;
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

/** Records the event's first problem (the later ones would only repeat that it cannot be read). */
function problem(event: ScannedEvent, line: number, code: string, message: string, params: NoteParams): void {
  if (!event.problem) event.problem = { line, code, message, params };
}

/**
 * Validates the date(s) of DTSTART, DTEND, RECURRENCE-ID, EXDATE or RDATE; false (with the event's
 * problem set) when one is no date, or an RDATE period is not one; the kind its values really are
 * when the line declares the other kind (VALUE=DATE on date-times, or the reverse) for all of them.
 */
function checkDates(
  event: ScannedEvent,
  name: string,
  params: string,
  value: string,
  line: number,
): boolean | 'date' | 'date-time' {
  const declared = paramValue(params, 'VALUE')?.toUpperCase();
  const tzid = paramValue(params, 'TZID');
  if (tzid !== undefined && !event.tzids.includes(tzid)) event.tzids.push(tzid);
  // A value type the line declares must be one a date property can have (PERIOD: RDATE only);
  // ical.js reads "VALUE=TEXT" or a typo as something that is no time at all.
  if (declared !== undefined && !['DATE', 'DATE-TIME', ...(name === 'RDATE' ? ['PERIOD'] : [])].includes(declared)) {
    problem(event, line, 'invalid_date', `${name} declares VALUE=${clip(declared)}, which is no kind of date.`, {
      heading: name,
      value: `VALUE=${clip(declared)}`,
      why: 'date_type',
    });
    return false;
  }
  const values = name === 'EXDATE' || name === 'RDATE' ? value.split(',') : [value];
  const kinds = new Set(values.map((raw) => dateKind(raw.trim())));
  const [only] = kinds;
  if (kinds.size === 1 && only !== null && only !== undefined) {
    if (declared === 'DATE' && only === 'date-time') return 'date-time';
    if (declared === 'DATE-TIME' && only === 'date') return 'date';
  }
  for (const raw of values) {
    const item = raw.trim();
    const bad = (message: string, why: string) => {
      problem(event, line, 'invalid_date', message, { heading: name, value: clip(item), why });
      return false;
    };
    if (declared === 'PERIOD') {
      // An RDATE period is start/end or start/duration (RFC 5545 §3.3.9).
      const [start = '', end = '', ...rest] = item.split('/');
      if (dateKind(start) !== 'date-time' || rest.length > 0 || end === '')
        return bad(`${name} value "${clip(item)}" is not a period (start/end or start/duration).`, 'period');
      if (Number(start.slice(0, 4)) < FIRST_YEAR)
        return bad(`${name} value "${clip(item)}" is outside the years ${FIRST_YEAR} to 9999.`, 'out_of_range');
      if (/^[+-]?P/i.test(end)) {
        const length = checkDuration(end);
        if (!length.ok)
          return bad(
            `${name} period "${clip(item)}" ${length.why === 'too_long' ? `lasts more than ${MAX_DURATION_YEARS} years` : 'does not end after it starts'}.`,
            'period',
          );
      } else if (dateKind(end) !== 'date-time')
        return bad(`${name} period "${clip(item)}" has no valid end.`, 'period');
      continue;
    }
    const kind = dateKind(item);
    if (kind === null) return bad(`${name} value "${clip(item)}" is not a valid date.`, 'not_a_date');
    // Years 0–99 are read as 1900–1999 by JavaScript's Date.UTC and by ical.js (toUnixTime): an
    // event in year 1 was stored as 1901 without a word. Such dates are refused instead.
    if (Number(item.slice(0, 4)) < FIRST_YEAR)
      return bad(`${name} value "${clip(item)}" is outside the years ${FIRST_YEAR} to 9999.`, 'out_of_range');
    if (declared === 'DATE' && kind !== 'date')
      return bad(`${name} value "${clip(item)}" is a date and time, but the line says VALUE=DATE.`, 'date_type');
    if (declared === 'DATE-TIME' && kind !== 'date-time')
      return bad(
        `${name} value "${clip(item)}" is a date without a time, but the line says VALUE=DATE-TIME.`,
        'date_type',
      );
  }
  return true;
}

/** The parameter text without `wanted` (`TZID=X;VALUE=DATE` → `TZID=X`). */
function withoutParam(params: string, wanted: string): string {
  return params
    .split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .filter((param) => param.split('=')[0]!.trim().toUpperCase() !== wanted)
    .join(';');
}

/**
 * A bare date without VALUE=DATE (common in hand-made files) gets the parameter, because ical.js
 * otherwise reads "20260105" as a broken date-time.
 */
function withDateType(name: string, params: string, value: string, text: string): string {
  if (paramValue(params, 'VALUE') !== undefined) return text;
  const allDates = value.split(',').every((item) => dateKind(item.trim()) === 'date');
  return allDates ? `${text.slice(0, name.length)};VALUE=DATE${text.slice(name.length)}` : text;
}

/** The first year a calendar file's dates may have (see checkDates). */
const FIRST_YEAR = 100;

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Producers whose GEO is longitude;latitude, against RFC 5545 (matched in PRODID). */
const LONGITUDE_FIRST_PRODUCERS = [/\bLast\.fm\b/i];

/**
 * Why a GEO pair is longitude first ('producer': a file from a producer known to write it so;
 * 'range': the first number is no latitude, the second may be), or undefined when it reads as written.
 */
export function lonLatOrder(producer: string, first: number, second: number): 'producer' | 'range' | undefined {
  if (Math.abs(first) > 180 || Math.abs(second) > 90) return undefined;
  if (LONGITUDE_FIRST_PRODUCERS.some((pattern) => pattern.test(producer))) return 'producer';
  return Math.abs(first) > 90 ? 'range' : undefined;
}
