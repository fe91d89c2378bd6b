// The time zone decisions of one file: which zone each TZID stands for, which zone floating times
// are read in, and in which zone UTC times are shown. It also gives every date of a parsed event
// the zone ical.js should compute with (see iana-timezone.ts for why ical.js needs help).

import ICAL from 'ical.js';
import { IanaTimezone } from './iana-timezone.ts';
import { ianaForTzid } from './time-zones.ts';
import type { ScannedTimezone } from './calendar-scanner.ts';
import type { ImportWarning } from '../imported-event.ts';

/** What a TZID turned out to mean. */
export type ZoneChoice =
  | { kind: 'iana'; zone: IanaTimezone }
  /** No IANA equivalent, but the file's VTIMEZONE gives the rules: times are converted to UTC. */
  | { kind: 'rules'; tzid: string; zone: ICAL.Timezone }
  /** Neither: the wall time is read in the floating zone, with a warning. */
  | { kind: 'missing'; tzid: string };

/** A TZID that is no IANA zone: the event gets a warning. */
export type UnusualZone = Exclude<ZoneChoice, { kind: 'iana' }>;

/** Properties whose values are dates ical.js computes with. */
const DATE_PROPERTIES = ['dtstart', 'dtend', 'recurrence-id', 'exdate', 'rdate'];

export class ZoneContext {
  private readonly definitions = new Map<string, ScannedTimezone>();
  private readonly choices = new Map<string, ZoneChoice>();
  /** TZIDs whose name alone says which IANA zone they are (true) or does not (false). */
  private readonly namedZones = new Map<string, boolean>();
  /** X-WR-TIMEZONE (Google, Apple): the calendar's own zone, when it names one we know. */
  private calendarZone: string | null = null;

  constructor(private readonly siteTimezone: string) {}

  /** Zone of times without TZID or Z (RFC 5545 "floating"), and of all-day dates. */
  get floatingZone(): IanaTimezone {
    return this.iana(this.calendarZone ?? this.siteTimezone);
  }

  /** UTC times are shown in the calendar's zone when it has one (Google writes UTC + X-WR-TIMEZONE). */
  get utcPresentationZone(): string {
    return this.calendarZone ?? 'UTC';
  }

  iana(name: string): IanaTimezone {
    return IanaTimezone.named(name);
  }

  setCalendarZone(value: string, line: number, warn: (warning: ImportWarning) => void): void {
    const zone = ianaForTzid(value);
    if (zone) this.calendarZone = zone;
    else {
      warn({
        line,
        code: 'unknown_timezone',
        message: `X-WR-TIMEZONE "${value}" is not a time zone Almanac knows; times without a zone are read in ${this.siteTimezone}.`,
        params: { value, zone: this.siteTimezone, how: 'floating' },
      });
    }
  }

  addDefinition(zone: ScannedTimezone): void {
    if (!this.definitions.has(zone.tzid)) this.definitions.set(zone.tzid, zone);
    // A choice made before the definition arrived (a "missing" one) may now be better.
    this.choices.delete(zone.tzid);
  }

  /**
   * True when a TZID can only be resolved with a VTIMEZONE that has not been read yet (some
   * exporters put the VTIMEZONE blocks after the events): the reader then keeps the event for the end.
   */
  waitsForDefinition(tzids: readonly string[]): boolean {
    for (const tzid of tzids) {
      if (this.definitions.has(tzid)) continue;
      let known = this.namedZones.get(tzid);
      if (known === undefined) {
        known = ianaForTzid(tzid) !== null;
        this.namedZones.set(tzid, known);
      }
      if (!known) return true;
    }
    return false;
  }

  choose(tzid: string): ZoneChoice {
    let choice = this.choices.get(tzid);
    if (!choice) {
      choice = this.decide(tzid);
      this.choices.set(tzid, choice);
    }
    return choice;
  }

  private decide(tzid: string): ZoneChoice {
    const definition = this.definitions.get(tzid);
    const iana = ianaForTzid(tzid, definition ? locationOf(definition) : undefined);
    if (iana) return { kind: 'iana', zone: this.iana(iana) };
    if (!definition) return { kind: 'missing', tzid };
    const component = usableDefinition(definition);
    return component
      ? { kind: 'rules', tzid, zone: new ICAL.Timezone({ component, tzid }) }
      : { kind: 'missing', tzid };
  }

  /**
   * Sets the zone of every date-time in the event (and in RRULE's UNTIL) to the one it means. Returns
   * the TZID choices that were not IANA zones, for warnings.
   */
  assignZones(event: ICAL.Component): UnusualZone[] {
    const unusual: UnusualZone[] = [];
    let startZone: ICAL.Timezone | null = null;
    for (const name of DATE_PROPERTIES) {
      for (const property of event.getAllProperties(name)) {
        const tzid = property.getParameter('tzid');
        let zone: ICAL.Timezone;
        // ical.js reads TZID=UTC (or GMT, Z) as it reads a Z time; but TZID=UTC says the event is kept
        // in UTC (Almanac's own export writes it so), while a Z time is shown in the calendar's zone.
        const namedUtc = typeof tzid === 'string' && /^\s*(utc|gmt|z)\s*$/i.test(tzid);
        if (namedUtc) zone = this.iana('UTC');
        else if (typeof tzid === 'string' && tzid !== '') {
          const choice = this.choose(tzid);
          if (choice.kind !== 'iana' && !unusual.includes(choice)) unusual.push(choice);
          zone = choice.kind === 'missing' ? this.floatingZone : choice.zone;
        } else zone = this.floatingZone;
        for (const value of property.getValues()) {
          const times = value instanceof ICAL.Period ? [value.start, value.end] : [value];
          for (const time of times) {
            if (!(time instanceof ICAL.Time) || time.isDate) continue;
            // A Z time is UTC whatever TZID the line also (against the RFC) carries.
            if (time.zone === ICAL.Timezone.utcTimezone && !namedUtc) continue;
            setZone(time, zone);
            if (name === 'dtstart') startZone = zone;
          }
        }
      }
    }
    // A floating (or zoned, against the RFC) UNTIL is a wall time in DTSTART's zone.
    for (const property of event.getAllProperties('rrule')) {
      const until = (property.getFirstValue() as ICAL.Recur).until;
      if (until && !until.isDate && until.zone !== ICAL.Timezone.utcTimezone && startZone) setZone(until, startZone);
    }
    return unusual;
  }
}

/** What a real observance's rule uses ("the last Sunday of March", "the Sunday after the 8th"). */
const OBSERVANCE_PARTS = new Set(['BYMONTH', 'BYDAY', 'BYMONTHDAY', 'BYYEARDAY']);

/**
 * The VTIMEZONE as ical.js will compute with it, or null when it cannot be used: it does not parse,
 * or an observance repeats other than yearly. ical.js expands a zone's rules from their DTSTART
 * (1601 in Outlook's files) to the year asked for, so a "FREQ=SECONDLY" observance would keep it
 * busy for hours; real zones change their offset at most a few times a year.
 */
function usableDefinition(zone: ScannedTimezone): ICAL.Component | null {
  let component: ICAL.Component;
  try {
    component = new ICAL.Component(ICAL.parse(zone.lines.join('\r\n')) as unknown[]);
    for (const observance of component.getAllSubcomponents()) {
      for (const property of observance.getAllProperties()) property.getValues();
      for (const rule of observance.getAllProperties('rrule')) {
        const recur = rule.getFirstValue() as ICAL.Recur;
        if (recur.freq !== 'YEARLY' || (recur.interval || 1) !== 1) return null;
        if (Object.keys(recur.parts).some((part) => !OBSERVANCE_PARTS.has(part))) return null;
      }
      if (!observance.hasProperty('dtstart') || !observance.hasProperty('tzoffsetto')) return null;
    }
  } catch {
    return null;
  }
  return component;
}

function locationOf(zone: ScannedTimezone): string | undefined {
  for (const line of zone.lines) {
    if (/^X-LIC-LOCATION:/i.test(line)) return line.slice(line.indexOf(':') + 1).trim();
  }
  return undefined;
}

function setZone(time: ICAL.Time, zone: ICAL.Timezone): void {
  time.zone = zone;
  // ical.js caches the UTC value of a time; the zone change invalidates it.
  (time as unknown as { _cachedUnixTime: number | null })._cachedUnixTime = null;
}
