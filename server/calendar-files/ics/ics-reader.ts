// The decisions of an import, one scanned component at a time: which VEVENTs become events, which
// are skipped and why, and which wait for the end of the file. Single events are converted as soon
// as they are read; a recurring series is kept (as its lines) until the end, because its overrides
// (RECURRENCE-ID) may come anywhere after it, or before it.

import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type {
  ExpandedSeries,
  FileSeries,
  ImportedEvent,
  ImportedEvents,
  ImportSkip,
  ImportWarning,
  NoteParams,
  ReadCalendarFile,
} from '../imported-event.ts';
import type { ScanSink, ScannedEvent, ScannedTimezone } from './calendar-scanner.ts';
import type { EventShelf } from '../event-shelf.ts';
import { CalendarFileError } from '../imported-event.ts';
import type { EventProblem } from './calendar-scanner.ts';
import { readEventFields } from './event-fields.ts';
import { ExpansionBudget, expandSeries, orphanOverrides } from './expand-series.ts';
import type { ParsedEvent, SeriesContext } from './expand-series.ts';
import { messageOf, parseEvent } from './parse-event.ts';
import { eventTimes, TimeOutOfRange } from './wall-times.ts';
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

const YEAR_MS = 365.25 * 86_400_000;
/**
 * Warnings of one kind listed one by one; beyond, one note counts the rest. A file of a million
 * broken lines must not answer with a million warnings.
 */
export const MAX_WARNINGS_PER_CODE = 100;

/**
 * Events read are put on `shelf` with the line they sort by (a series' instances sort at their
 * series' line): in memory, or spilled to disk by an import job (../event-spill.ts).
 */
export class IcsReader<Events extends ImportedEvents> implements ScanSink {
  private readonly zones: ZoneContext;
  private readonly skipped: ImportSkip[] = [];
  private readonly warnings: ImportWarning[] = [];
  private readonly series: ExpandedSeries[] = [];
  private readonly repeating: FileSeries[] = [];
  /** UIDs of the single events and series masters read so far, for duplicate detection. */
  private readonly uids = new Set<string>();
  private readonly cancelledUids = new Set<string>();
  /** Series masters that could not be read, by UID, with the line of their skip note. */
  private readonly brokenUids = new Map<string, number>();
  /** Warnings so far per code, and those beyond MAX_WARNINGS_PER_CODE (counted, not kept). */
  private readonly warningCounts = new Map<string, number>();
  private readonly budget: ExpansionBudget;
  private readonly groups = new Map<string, SeriesGroup>();
  /** Single events that name a zone whose VTIMEZONE comes later in the file. */
  private readonly waiting: { scanned: ScannedEvent; uid: string }[] = [];
  private readonly windowStartMs: number;
  private readonly windowEndMs: number;

  constructor(
    private readonly options: IcsReaderOptions,
    private readonly shelf: EventShelf<Events>,
  ) {
    this.zones = new ZoneContext(options.siteTimezone);
    this.budget = new ExpansionBudget();
    const now = options.now.getTime();
    const start = new Date(now);
    start.setUTCFullYear(start.getUTCFullYear() - 1);
    const end = new Date(now);
    end.setUTCFullYear(end.getUTCFullYear() + 2);
    this.windowStartMs = Number.isFinite(start.getTime()) ? start.getTime() : now - YEAR_MS;
    this.windowEndMs = Number.isFinite(end.getTime()) ? end.getTime() : now + 2 * YEAR_MS;
  }

  calendarProperty(name: string, value: string, line: number): void {
    if (name === 'X-WR-TIMEZONE') this.zones.setCalendarZone(value.trim(), line, (w) => this.warning(w));
  }

  warning(warning: ImportWarning): void {
    const count = (this.warningCounts.get(warning.code) ?? 0) + 1;
    this.warningCounts.set(warning.code, count);
    if (count <= MAX_WARNINGS_PER_CODE) this.warnings.push(warning);
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
    if (scanned.problem) {
      this.unreadable(scanned, scanned.problem);
      return;
    }
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

  /** The end of the file (`chars` long): the events kept for it, then the result in file order. */
  finish(chars: number): ReadCalendarFile<Events> {
    for (const { scanned, uid } of this.waiting) this.single(scanned, uid);
    const ctx: SeriesContext = {
      zones: this.zones,
      nowMs: this.options.now.getTime(),
      windowStartMs: this.windowStartMs,
      windowEndMs: this.windowEndMs,
      warn: (w) => this.warning(w),
      skipped: this.skipped,
      budget: this.budget,
    };
    this.budget.allowFor(chars);
    for (const group of this.groups.values()) this.expand(group, ctx);
    for (const [code, count] of this.warningCounts) {
      if (count <= MAX_WARNINGS_PER_CODE) continue;
      const more = count - MAX_WARNINGS_PER_CODE;
      this.warnings.push({
        line: lastLineOf(this.warnings, code),
        code: 'more_warnings',
        message: `…and ${more.toLocaleString('en-US')} more warnings like the one above (${code}), not listed one by one.`,
        params: { count: more, code },
      });
    }

    this.skipped.sort((a, b) => a.line - b.line);
    this.warnings.sort((a, b) => a.line - b.line);
    this.series.sort((a, b) => a.line - b.line);
    this.repeating.sort((a, b) => a.line - b.line);
    return {
      events: this.shelf.sorted(),
      skipped: this.skipped,
      warnings: this.warnings,
      series: this.series,
      repeating: this.repeating,
    };
  }

  private single(scanned: ScannedEvent, uid: string): void {
    try {
      const parsed = this.parse(scanned);
      const item = new ICAL.Event(parsed.component, { exceptions: [] });
      const fields = readEventFields(parsed.component, scanned.line, (w) => this.warning(w));
      const event: ImportedEvent = Object.assign(
        { uid, line: scanned.line },
        fields,
        eventTimes(item.startDate, item.endDate, this.zones),
      );
      this.shelf.put(scanned.line, event);
    } catch (error) {
      this.unreadable(scanned, problemOf(scanned, error));
    }
  }

  private expand(group: SeriesGroup, ctx: SeriesContext): void {
    const brokenAt = this.brokenUids.get(group.uid);
    if (brokenAt !== undefined && !group.master) {
      // The series could not be read (its skip names the line): its moved occurrences go with it.
      for (const o of group.overrides) {
        this.skip(
          o,
          group.uid,
          'series_skipped',
          `The recurring event it belongs to (line ${brokenAt}) cannot be read.`,
          {
            at: brokenAt,
          },
        );
      }
      return;
    }
    const overrides: ParsedEvent[] = [];
    for (const scanned of group.overrides) {
      try {
        overrides.push(this.parse(scanned));
      } catch (error) {
        this.unreadable(scanned, problemOf(scanned, error));
      }
    }
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
      for (const event of orphanOverrides(group.uid, overrides, ctx, (o, error) =>
        this.unreadable(o.scanned, problemOf(o.scanned, error)),
      ))
        this.shelf.put(event.line, event);
      return;
    }
    let result;
    try {
      result = expandSeries(group.uid, this.parse(group.master), overrides, ctx);
    } catch (error) {
      const found = problemOf(group.master, error);
      this.unreadable(group.master, found);
      for (const o of overrides) {
        this.skip(
          o.scanned,
          group.uid,
          'series_skipped',
          `The recurring event it belongs to (line ${found.line}) cannot be read.`,
          {
            at: found.line,
          },
        );
      }
      return;
    }
    for (const event of result.events) this.shelf.put(group.master.line, event);
    if (result.series) this.series.push(result.series);
    if (result.file) this.repeating.push(result.file);
  }

  /** An event that cannot be read: skipped with the line and reason; the rest of the file goes on. */
  private unreadable(scanned: ScannedEvent, found: EventProblem): void {
    const skip: ImportSkip = { line: found.line, code: found.code, reason: found.message, params: found.params };
    if (scanned.uid) skip.uid = scanned.uid;
    if (scanned.summary) skip.title = scanned.summary;
    this.skipped.push(skip);
    // A series master's overrides (read before or after it) are skipped with it, not made events.
    if (scanned.uid && scanned.recurring && !scanned.hasRecurrenceId) this.brokenUids.set(scanned.uid, found.line);
  }

  /** ical.js component with every date in the zone it means; warns about zones without IANA name. */
  private parse(scanned: ScannedEvent): ParsedEvent {
    const component = parseEvent(scanned);
    for (const choice of this.zones.assignZones(component)) {
      const message =
        choice.kind === 'rules'
          ? `Time zone "${choice.tzid}" has no IANA equivalent Almanac knows; its times were converted to UTC with the file's VTIMEZONE rules.`
          : `Time zone "${choice.tzid}" is neither an IANA zone nor defined in the file (VTIMEZONE); its times were read in ${this.zones.floatingZone.iana}.`;
      this.warning({
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
    this.warning({
      line: scanned.line,
      code: 'no_uid',
      message: `The event has no UID; it was given ${uid} (from its start and title).`,
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

/** What an error thrown while reading one event means for the note that skips it. */
function problemOf(scanned: ScannedEvent, error: unknown): EventProblem {
  if (error instanceof CalendarFileError)
    return { line: error.line, code: error.code, message: error.message, params: error.params };
  if (error instanceof TimeOutOfRange)
    return {
      line: scanned.line,
      code: 'invalid_date',
      message: `Its times reach ${error.wall.slice(0, 20)}, outside the years 100 to 9999.`,
      params: { heading: 'DTEND', value: error.wall.slice(0, 20), why: 'out_of_range' },
    };
  // Anything else is a case the reader does not foresee (ical.js failing on a value it accepted):
  // the event is skipped with what failed rather than failing the file. The fuzz target counts these.
  return {
    line: scanned.line,
    code: 'unreadable',
    message: `The event cannot be read (${messageOf(error)}).`,
    params: { detail: messageOf(error) },
  };
}

/** The line of the last listed warning of a code: the note that counts the rest goes after it. */
function lastLineOf(warnings: ImportWarning[], code: string): number {
  for (let i = warnings.length - 1; i >= 0; i--)
    if (warnings[i]?.code === code) return (warnings[i] as ImportWarning).line;
  return 1;
}
