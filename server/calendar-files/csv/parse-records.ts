// CSV text → records, each with the line it starts on. csv-parse does the RFC 4180 work (quotes,
// doubled quotes, line breaks inside quotes); this adds what an import of hand-made files needs:
// the BOM stripped, the delimiter sniffed from the header line (Excel writes ';' where the decimal
// separator is a comma, and some tools write tabs), Excel's "sep=;" hint line honoured, any mix of
// CRLF/LF/CR accepted, and the 1-based line where each record begins, which csv-parse does not give
// (its `info.lines` counts a CRLF inside quotes twice). We get it from `info.bytes`, the UTF-8 bytes
// consumed once a record ends: the bytes between two records hold the record and any blank lines
// before it, and line breaks (0x0A, 0x0D) never occur inside a multi-byte UTF-8 sequence.

import { parse } from 'csv-parse/sync';

import { CalendarFileError } from '../imported-event.ts';

export type CsvDelimiter = ',' | ';' | '\t';

export interface CsvRecord {
  fields: string[];
  /** 1-based line of the file where the record begins. */
  line: number;
}

export interface CsvRecords {
  delimiter: CsvDelimiter;
  /** Every non-blank record, the header first. */
  records: CsvRecord[];
}

const CR = 0x0d;
const LF = 0x0a;

/** Line breaks in bytes[from, to): CRLF, LF and lone CR each count once. */
function countBreaks(bytes: Buffer, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    const byte = bytes[i];
    if (byte === LF) breaks++;
    else if (byte === CR && bytes[i + 1] !== LF) breaks++;
  }
  return breaks;
}

/** Where the content after `from` starts: past blank lines (only line breaks, which csv-parse skips). */
function skipBlankLines(bytes: Buffer, from: number, to: number): number {
  let i = from;
  while (i < to && (bytes[i] === CR || bytes[i] === LF)) i++;
  return i;
}

/** The delimiter that occurs most often outside quotes in the first line; ',' on a tie or none. */
export function sniffDelimiter(firstLine: string): CsvDelimiter {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char]++;
  }
  let best: CsvDelimiter = ',';
  for (const candidate of [';', '\t'] as const) {
    if (counts[candidate] > counts[best]) best = candidate;
  }
  return best;
}

/** The first line of `text` that is not blank, ended at the first line break outside quotes. */
function firstLineOf(text: string): string {
  const start = text.search(/[^\r\n]/);
  if (start < 0) return '';
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) return text.slice(start, i);
  }
  return text.slice(start);
}

export function parseRecords(input: string): CsvRecords {
  let text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  let lineOffset = 0;
  let delimiter: CsvDelimiter;
  const hint = /^sep=(.)\r?\n?/i.exec(text);
  if (hint && (hint[1] === ',' || hint[1] === ';' || hint[1] === '\t')) {
    // Excel's "sep=;" first line names the delimiter and is not part of the data.
    delimiter = hint[1];
    text = text.slice(hint[0].length);
    lineOffset = 1;
  } else {
    delimiter = sniffDelimiter(firstLineOf(text));
  }

  const bytes = Buffer.from(text, 'utf8');
  const records: CsvRecord[] = [];
  let cursor = 0; // bytes consumed by the records read so far
  let line = 1 + lineOffset; // the line at `cursor`

  try {
    parse(bytes, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      // A stray quote inside an unquoted field (5" screen) is kept as text rather than failing the file.
      relax_quotes: true,
      skip_empty_lines: true,
      on_record(fields: string[], context: { bytes: number }) {
        const start = skipBlankLines(bytes, cursor, context.bytes);
        const startLine = line + countBreaks(bytes, cursor, start);
        line = startLine + countBreaks(bytes, start, context.bytes);
        cursor = context.bytes;
        // Rows of empty cells (",,,", what spreadsheets leave below the data) are blank lines too.
        if (fields.some((field) => field.trim() !== '')) records.push({ fields, line: startLine });
        return null;
      },
    });
  } catch (error) {
    // The record after the last good one is the broken one (an unclosed quote runs to the end).
    const at = line + countBreaks(bytes, cursor, skipBlankLines(bytes, cursor, bytes.length));
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    if (code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new CalendarFileError(at, 'unclosed_quote', 'A quoted value is never closed.');
    }
    throw new CalendarFileError(at, 'invalid_csv', message);
  }
  return { delimiter, records };
}
