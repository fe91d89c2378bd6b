// A repeating VEVENT of a file (RRULE / RDATE / EXDATE, with its RECURRENCE-ID overrides) as a
// series holds it: the master's fields and times, the rule as written, the extra and excluded
// dates and each override by its occurrence's date — all dates local dates in the series' zone,
// as the series model names occurrences. The import plan (series-import.ts) writes it as one
// series when the model accepts it; the reader's expansion stays the fallback.
//
// Called after expand-series.ts has read the same components: the EXDATE and RECURRENCE-ID values
// are already in the series' own kind (date or date-time), and the fields were warned about once.
import ICAL from 'ical.js';
import type { FileSeries, FileSeriesOverride } from '../imported-event.ts';
import { formatWall, toZone, wallToDateTime } from '../../domain/dates.ts';
import type { EventFields } from './event-fields.ts';
import type { ParsedEvent, SeriesContext } from './expand-series.ts';
import { eventTimes, recurrenceKey, type EventTimes } from './wall-times.ts';

export interface FileSeriesInput {
  uid: string;
  master: ParsedEvent;
  event: ICAL.Event;
  fields: EventFields;
  /** The winning override of each occurrence (duplicates already dropped), in any order. */
  overrides: ParsedEvent[];
  /** RDATE periods (an extra date with its own length), which a series cannot hold. */
  hasPeriods: boolean;
  /** The expansion stopped because its budget was spent: the rule is not worth a second reading. */
  tooCostly: boolean;
  /** Reads an override as the single event it is (uid `UID/RECURRENCE-ID`). */
  readOverride(override: ParsedEvent, uid: string): FileSeries['master'];
}

const dateOf = (wall: string) => wall.slice(0, 10);

/** The local date, in the series' zone, of a date property's value. */
function localDate(time: ICAL.Time, master: EventTimes, ctx: SeriesContext): string {
  const at = eventTimes(time, time, ctx.zones);
  if (time.isDate || master.allDay || at.timezone === master.timezone) return dateOf(at.start);
  return dateOf(formatWall(wallToDateTime(at.start, at.timezone).setZone(toZone(master.timezone))));
}

function datesOf(component: ICAL.Component, name: 'rdate' | 'exdate', master: EventTimes, ctx: SeriesContext) {
  const dates = new Set<string>();
  for (const property of component.getAllProperties(name))
    for (const value of property.getValues() as unknown[]) {
      const time = value instanceof ICAL.Period ? value.start : value;
      if (time instanceof ICAL.Time) dates.add(localDate(time, master, ctx));
    }
  return [...dates].sort();
}

export function fileSeriesOf(input: FileSeriesInput, ctx: SeriesContext): FileSeries {
  const { uid, master, event } = input;
  const component = master.component;
  const times = eventTimes(event.startDate, event.endDate, ctx.zones);
  const rules = component.getAllProperties('rrule');
  const overrides: FileSeriesOverride[] = [];
  for (const override of input.overrides) {
    const recurrenceId = override.component.getFirstPropertyValue('recurrence-id') as ICAL.Time;
    const date = localDate(recurrenceId, times, ctx);
    if (override.scanned.cancelled) overrides.push({ date, cancelled: true });
    else
      overrides.push({
        date,
        cancelled: false,
        event: input.readOverride(override, `${uid}/${recurrenceKey(recurrenceId)}`),
      });
  }
  overrides.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const series: FileSeries = {
    uid,
    line: master.scanned.line,
    master: Object.assign({ uid, line: master.scanned.line }, input.fields, times),
    // Only RDATEs: the one date of DTSTART, and the extra dates (what a rule of COUNT=1 says).
    rule: rules.length === 1 ? rules[0]!.toICALString().replace(/^RRULE:/i, '') : 'FREQ=DAILY;COUNT=1',
    rdates: datesOf(component, 'rdate', times, ctx),
    exdates: datesOf(component, 'exdate', times, ctx),
    overrides,
  };
  if (rules.length > 1 || component.hasProperty('exrule')) series.unfit = 'rules';
  else if (input.hasPeriods) series.unfit = 'periods';
  else if (input.tooCostly) series.unfit = 'too_costly';
  return series;
}
