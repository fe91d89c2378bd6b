// The decisions of an import, one scanned component at a time: which VEVENTs become events, which
// are skipped and why, and which wait for the end of the file. Single events are converted as soon
// as they are read; a recurring series is kept (as its lines) until the end, because its overrides
// (RECURRENCE-ID) may come anywhere after it, or before it.

import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type {
  ExpandedSeries,
  ImportedEvent,
  ImportSkip,
  ImportWarning,
  NoteParams,
  ReadCalendarFile,
} from '../imported-event.ts';
import type { ScanSink, ScannedEvent, ScannedTimezone } from './calendar-scanner.ts';
import { readEventFields } from './event-fields.ts';
import { expandSeries, orphanOverrides } from './expand-series.ts';
import type { ParsedEvent, SeriesContext } from './expand-series.ts';
import { parseEvent } from './parse-event.ts';
import { eventTimes } from './wall-times.ts';
import { ZoneContext } from './zone-context.ts';

export interface IcsReaderOptions {
  siteTimezone: string;
  now: Date;
}

/** The UIDs of one series: its master (RRULE/RDATE) and its overrides, in file order. */
interface SeriesGroup {
  uid: string;
  master?: ScannedEvent;
  overrides: ScannedEvent[];
}

/** An event with the line it sorts by (a series' instances sort at their series' line). */
interface Placed {
  order: number;
  event: ImportedEvent;
}

const YEAR_MS = 365.25 * 86_400_000;

export class IcsReader implements ScanSink {
  private readonly zones: ZoneContext;
  private readonly placed: Placed[] = [];
  private readonly skipped: ImportSkip[] = [];
  private readonly warnings: ImportWarning[] = [];
  private readonly series: ExpandedSeries[] = [];
  /** UIDs of the single events and series masters read so far, for duplicate detection. */
  private readonly uids = new Set<string>();
  private readonly cancelledUids = new Set<string>();
  private readonly groups = new Map<string, SeriesGroup>();
  /** Single events that name a zone whose VTIMEZONE comes later in the file. */
  private readonly waiting: { scanned: ScannedEvent; uid: string }[] = [];
  private readonly windowStartMs: number;
  private readonly windowEndMs: number;

  constructor(options: IcsReaderOptions) {
    this.zones = new ZoneContext(options.siteTimezone);
    const now = options.now.getTime();
    const start = new Date(now);
    start.setUTCFullYear(start.getUTCFullYear() - 1);
    const end = new Date(now);
    end.setUTCFullYear(end.getUTCFullYear() + 2);
    this.windowStartMs = Number.isFinite(start.getTime()) ? start.getTime() : now - YEAR_MS;
    this.windowEndMs = Number.isFinite(end.getTime()) ? end.getTime() : now + 2 * YEAR_MS;
  }

  calendarProperty(name: string, value: string, line: number): void {
    if (name === 'X-WR-TIMEZONE') this.zones.setCalendarZone(value.trim(), line, this.warnings);
  }

  timezone(zone: ScannedTimezone): void {
    this.zones.addDefinition(zone);
  }

  otherComponent(name: string, line: number, uid: string | undefined, summary: string | undefined): void {
    // A vendor's own X- component is no item of the calendar a user would miss: not worth a line.
    if (name.startsWith('X-')) return;
    const skip: ImportSkip = {
      line,
      code: 'not_an_event',
      reason: `${name === 'VTODO' ? 'A task' : name === 'VJOURNAL' ? 'A journal entry' : `A ${name}`} (${name}) is not an event.`,
      params: { component: name },
    };
    if (uid) skip.uid = uid;
    if (summary) skip.title = summary;
    this.skipped.push(skip);
  }

  event(scanned: ScannedEvent): void {
    if (scanned.dtstart === undefined) {
      this.skip(scanned, scanned.uid, 'no_start', 'The event has no start (DTSTART).', { heading: 'DTSTART' });
      return;
    }
    const uid = scanned.uid ?? this.derivedUid(scanned);
    if (scanned.hasRecurrenceId) {
      this.group(uid).overrides.push(scanned);
      return;
    }
    if (scanned.cancelled) {
      this.cancelledUids.add(uid);
      this.skip(scanned, uid, 'cancelled', 'The event is cancelled (STATUS:CANCELLED).', { of: 'event' });
      return;
    }
    if (this.uids.has(uid)) {
      this.skip(scanned, uid, 'duplicate_uid', `UID ${uid} appears earlier in the file.`, { uid, kind: 'uid' });
      return;
    }
    this.uids.add(uid);
    if (scanned.recurring) this.group(uid).master = scanned;
    else if (this.zones.waitsForDefinition(scanned.tzids)) this.waiting.push({ scanned, uid });
    else this.single(scanned, uid);
  }

  /** The end of the file: the events kept for it, then the result in file order. */
  finish(): ReadCalendarFile {
    for (const { scanned, uid } of this.waiting) this.single(scanned, uid);
    const ctx: SeriesContext = {
      zones: this.zones,
      windowStartMs: this.windowStartMs,
      windowEndMs: this.windowEndMs,
      warnings: this.warnings,
      skipped: this.skipped,
    };
    for (const group of this.groups.values()) this.expand(group, ctx);

    // Array.prototype.sort is stable: instances keep their order within a series.
    this.placed.sort((a, b) => a.order - b.order);
    this.skipped.sort((a, b) => a.line - b.line);
    this.warnings.sort((a, b) => a.line - b.line);
    this.series.sort((a, b) => a.line - b.line);
    return {
      events: this.placed.map((p) => p.event),
      skipped: this.skipped,
      warnings: this.warnings,
      series: this.series,
    };
  }

  private single(scanned: ScannedEvent, uid: string): void {
    const parsed = this.parse(scanned);
    const item = new ICAL.Event(parsed.component, { exceptions: [] });
    const fields = readEventFields(parsed.component, scanned.line, this.warnings);
    const event: ImportedEvent = Object.assign(
      { uid, line: scanned.line },
      fields,
      eventTimes(item.startDate, item.endDate, this.zones),
    );
    this.placed.push({ order: scanned.line, event });
  }

  private expand(group: SeriesGroup, ctx: SeriesContext): void {
    const overrides = group.overrides.map((scanned) => this.parse(scanned));
    if (!group.master) {
      if (this.cancelledUids.has(group.uid)) {
        // The whole series was cancelled (and skipped as such): its overrides go with it.
        for (const o of group.overrides) {
          this.skip(o, group.uid, 'cancelled', 'The recurring event this occurrence belongs to is cancelled.', {
            of: 'series',
          });
        }
        return;
      }
      for (const event of orphanOverrides(group.uid, overrides, ctx)) this.placed.push({ order: event.line, event });
      return;
    }
    const master = this.parse(group.master);
    const result = expandSeries(group.uid, master, overrides, ctx);
    for (const event of result.events) this.placed.push({ order: master.scanned.line, event });
    if (result.series) this.series.push(result.series);
  }

  /** ical.js component with every date in the zone it means; warns about zones without IANA name. */
  private parse(scanned: ScannedEvent): ParsedEvent {
    const component = parseEvent(scanned);
    for (const choice of this.zones.assignZones(component)) {
      const message =
        choice.kind === 'rules'
          ? `Time zone "${choice.tzid}" has no IANA equivalent Almanac knows; its times were converted to UTC with the file's VTIMEZONE rules.`
          : `Time zone "${choice.tzid}" is neither an IANA zone nor defined in the file (VTIMEZONE); its times were read in ${this.zones.floatingZone.iana}.`;
      this.warnings.push({
        line: scanned.line,
        code: 'unknown_timezone',
        message,
        params:
          choice.kind === 'rules'
            ? { value: choice.tzid, how: 'rules' }
            : { value: choice.tzid, zone: this.zones.floatingZone.iana, how: 'read_in' },
      });
    }
    return { scanned, component };
  }

  private group(uid: string): SeriesGroup {
    let group = this.groups.get(uid);
    if (!group) {
      group = { uid, overrides: [] };
      this.groups.set(uid, group);
    }
    return group;
  }

  /**
   * An event without UID still needs a stable one, or re-importing the file would duplicate it:
   * derived from what identifies it in the file, its start and its title.
   */
  private derivedUid(scanned: ScannedEvent): string {
    const uid = `almanac-derived-${createHash('sha1')
      .update(`${scanned.dtstart ?? ''}\n${scanned.summary ?? ''}`)
      .digest('hex')}`;
    this.warnings.push({
      line: scanned.line,
      code: 'no_uid',
      message: `The event at line ${scanned.line} has no UID; it was given ${uid} (from its start and title).`,
      params: { uid },
    });
    return uid;
  }

  private skip(scanned: ScannedEvent, uid: string | undefined, code: string, reason: string, params: NoteParams): void {
    const skip: ImportSkip = { line: scanned.line, code, reason, params };
    if (uid) skip.uid = uid;
    if (scanned.summary) skip.title = scanned.summary;
    this.skipped.push(skip);
  }
}
