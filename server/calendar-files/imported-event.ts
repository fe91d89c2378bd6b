// What a calendar file (iCalendar or CSV) holds, once read: plain records that the import plan
// (import-plan.ts) turns into event writes. The readers know file formats and nothing of the
// database; the plan knows the database and nothing of file formats.
import type { ExpandedSeries, ImportSkip, ImportWarning, NoteParams } from '../../contract/app/import-summary.ts';

export type { ExpandedSeries, ImportSkip, ImportWarning, NoteParams };

/** A venue as a file names it (iCalendar LOCATION/GEO, CSV "Event Venue Name" and friends). */
export interface ImportedVenue {
  name: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  phone?: string;
  website?: string;
  latitude?: number;
  longitude?: number;
  /** The LOCATION as the file wrote it (iCalendar): written back as is (location-texts.ts). */
  location?: string;
}

export interface ImportedOrganizer {
  name: string;
  email?: string;
  phone?: string;
  website?: string;
}

/** One event to create or update. */
export interface ImportedEvent {
  /**
   * What matches it on a re-import: the iCalendar UID (an expanded recurrence instance adds its
   * original start: `UID/20260105T090000Z`), or for CSV a key the reader derives from the row.
   */
  uid: string;
  /** 1-based line of the file where it begins, for messages. */
  line: number;
  title: string;
  /** HTML (plain text from a file is escaped and its line breaks kept as <br> / paragraphs). */
  description: string;
  excerpt?: string;
  /**
   * Wall times `YYYY-MM-DD HH:MM:SS` in `timezone`. All-day: the first day at 00:00:00 and the
   * last day (inclusive, as the event model stores it) at 23:59:59.
   */
  start: string;
  end: string;
  /** An IANA zone name ('UTC' for UTC). */
  timezone: string;
  allDay: boolean;
  website?: string;
  cost?: string;
  venue?: ImportedVenue;
  organizers: ImportedOrganizer[];
  categories: string[];
  tags: string[];
  /** publish unless the file says otherwise (iCalendar STATUS:TENTATIVE → draft, CSV status column). */
  status?: 'publish' | 'draft' | 'pending' | 'private';
  featured?: boolean;
  /** Hidden from the public event listings (TEC's CSV column). */
  hideFromListings?: boolean;
  /**
   * An occurrence worked out from a repeating event of the file: that event's UID. The plan writes
   * such events only when the series cannot be kept as one (see FileSeries).
   */
  seriesUid?: string;
}

/** A changed (or cancelled) occurrence of a file's series: a VEVENT with RECURRENCE-ID. */
export interface FileSeriesOverride {
  /** The occurrence's date in the series: its RECURRENCE-ID as a local date in the series' zone. */
  date: string;
  /** STATUS:CANCELLED: the date is excluded. */
  cancelled: boolean;
  /** Its own fields and times (uid `UID/RECURRENCE-ID`), when not cancelled. */
  event?: ImportedEvent;
}

/**
 * A repeating event of the file as a series holds it (operations/series/series-document.ts): the
 * plan writes it as one series when the series model accepts it, else its expanded occurrences
 * (the events with this `seriesUid`) as single events.
 */
export interface FileSeries {
  uid: string;
  line: number;
  /** DTSTART's occurrence: the fields every occurrence shares, and the series' time and length. */
  master: ImportedEvent;
  /** The RRULE value as the file writes it (`FREQ=DAILY;COUNT=1` when only RDATEs repeat it). */
  rule: string;
  /** Extra and excluded dates, local dates in the series' zone. */
  rdates: string[];
  exdates: string[];
  overrides: FileSeriesOverride[];
  /** Why the reader already knows it cannot be one series (then it is expanded): a note's `why`. */
  unfit?: 'rules' | 'periods' | 'too_costly';
  /**
   * None of its occurrences falls in the reader's window (an old series that ended): kept whole if
   * it is one series, else left out with this note.
   */
  outsideWindow?: ImportSkip;
}

/**
 * A file's events in file order, as the import plan reads them: an array, or those an import job
 * spilled to a temporary database (event-spill.ts), read back one at a time.
 */
export interface ImportedEvents extends Iterable<ImportedEvent> {
  readonly length: number;
  /** Only the occurrences worked out from repeating events (those with a seriesUid), in order. */
  ofSeries?(): Iterable<ImportedEvent>;
}

export interface ReadCalendarFile<Events extends ImportedEvents = ImportedEvent[]> {
  events: Events;
  skipped: ImportSkip[];
  warnings: ImportWarning[];
  series: ExpandedSeries[];
  /** The file's repeating events as series (iCalendar only), in file order. */
  repeating?: FileSeries[];
}

/**
 * A file that cannot be read at all (the import stops and names the line), or, inside the
 * iCalendar reader, one event that cannot be (it is skipped with this line, code and message).
 * The message never repeats the line: whoever shows it (the API's 400, the CLI, a skip note)
 * says "Line N" once, from `line`.
 */
export class CalendarFileError extends Error {
  constructor(
    readonly line: number,
    readonly code: string,
    message: string,
    readonly params: NoteParams = {},
  ) {
    super(message);
  }
}
