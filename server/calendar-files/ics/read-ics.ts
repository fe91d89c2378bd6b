// The iCalendar (.ics) reader of the calendar import: text in, ImportedEvents out (see
// ../imported-event.ts). The text is read in one streaming pass (line-unfolder → calendar-scanner →
// ics-reader), so a 50 MB export never exists as one parsed tree: only the component being read,
// the events produced (on a shelf: in memory, or for an import job spilled to disk) and the
// recurring series (kept until their overrides have been seen).

import type { ImportedEvent, ImportedEvents, ReadCalendarFile } from '../imported-event.ts';
import { ArrayShelf, type EventShelf } from '../event-shelf.ts';
import { CalendarScanner } from './calendar-scanner.ts';
import { IcsReader } from './ics-reader.ts';
import { LineUnfolder } from './line-unfolder.ts';

export interface ReadIcsOptions {
  /** Zone of times written without one ("floating"), unless the file names its own (X-WR-TIMEZONE). */
  siteTimezone: string;
  /** Anchors the window recurring events are expanded in (a year back, two years ahead). */
  now: Date;
  /** Called with the fraction of the input read so far (0…1). */
  onProgress?: (fraction: number) => void;
}

export interface ReadIcsStreamOptions extends ReadIcsOptions {
  /** Size of the whole input in bytes, when known: without it there is no fraction to report. */
  totalBytes?: number;
}

/** Slice of a whole text handed on at a time by readIcs, so progress moves while a big file is read. */
const SLICE = 1 << 20;

/** Reads a whole .ics text. Throws CalendarFileError when the file cannot be read at all. */
export function readIcs(text: string, options: ReadIcsOptions): ReadCalendarFile {
  const pass = new ReadPass(options, new ArrayShelf());
  for (let from = 0; from < text.length; from += SLICE) {
    pass.push(text.slice(from, from + SLICE));
    options.onProgress?.(Math.min(1, (from + SLICE) / text.length));
  }
  return pass.finish();
}

/** Reads an .ics file as it arrives (strings or bytes of UTF-8); same result as readIcs. */
export function readIcsStream(
  chunks: AsyncIterable<string | Buffer>,
  options: ReadIcsStreamOptions,
): Promise<ReadCalendarFile<ImportedEvent[]>> {
  return readIcsOnto(chunks, options, new ArrayShelf());
}

/**
 * readIcsStream with the events put on `shelf` until the end of the file (an import job's spill).
 * A read that fails gives up what the shelf holds.
 */
export async function readIcsOnto<Events extends ImportedEvents>(
  chunks: AsyncIterable<string | Buffer>,
  options: ReadIcsStreamOptions,
  shelf: EventShelf<Events>,
): Promise<ReadCalendarFile<Events>> {
  try {
    const pass = new ReadPass(options, shelf);
    const total = options.totalBytes;
    let bytes = 0;
    for await (const chunk of chunks) {
      pass.push(chunk);
      if (options.onProgress && total) {
        bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
        options.onProgress(Math.min(1, bytes / total));
      }
    }
    return pass.finish();
  } catch (error) {
    shelf.discard();
    throw error;
  }
}

/** The three stages wired together. */
class ReadPass<Events extends ImportedEvents> {
  private readonly reader: IcsReader<Events>;
  private readonly scanner: CalendarScanner;
  private readonly unfolder: LineUnfolder;

  constructor(
    private readonly options: ReadIcsOptions,
    shelf: EventShelf<Events>,
  ) {
    this.reader = new IcsReader(options, shelf);
    this.scanner = new CalendarScanner(this.reader);
    this.unfolder = new LineUnfolder((text, line) => this.scanner.line(text, line));
  }

  push(chunk: string | Buffer): void {
    this.unfolder.push(chunk);
  }

  finish(): ReadCalendarFile<Events> {
    this.unfolder.finish();
    this.scanner.finish(this.unfolder.lineCount);
    const result = this.reader.finish(this.unfolder.charCount);
    this.options.onProgress?.(1);
    return result;
  }
}
