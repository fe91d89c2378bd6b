// One entry point for the importers (the API route and `almanac import`): a file's text, as it
// arrives in chunks, read by the reader of its format.
import type { ReadCalendarFile } from './imported-event.ts';
import { readIcsStream } from './ics/read-ics.ts';
import { readCsv } from './csv/read-csv.ts';

export type CalendarFileFormat = 'ics' | 'csv';

export interface ReadOptions {
  siteTimezone: string;
  /** CSV: heading → field id, for headings that are not The Events Calendar's. */
  mapping?: Record<string, string>;
  /** Bytes of the whole file, when known (progress). */
  totalBytes?: number;
  onProgress?: (fraction: number) => void;
}

export async function readCalendarFile(
  format: CalendarFileFormat,
  chunks: AsyncIterable<string>,
  options: ReadOptions,
): Promise<ReadCalendarFile> {
  if (format === 'ics') {
    return readIcsStream(chunks, {
      siteTimezone: options.siteTimezone,
      now: new Date(),
      totalBytes: options.totalBytes,
      onProgress: options.onProgress,
    });
  }
  // A spreadsheet is small next to a calendar export: read whole, then parsed.
  let text = '';
  for await (const chunk of chunks) text += chunk;
  const result = readCsv(text, { kind: 'events', siteTimezone: options.siteTimezone, mapping: options.mapping });
  return result;
}
