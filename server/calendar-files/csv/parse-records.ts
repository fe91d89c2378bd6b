// CSV text → records, each with the line it starts on. csv-parse does the RFC 4180 work (quotes,
// doubled quotes, line breaks inside quotes); this adds what an import of hand-made files needs:
// the BOM stripped, the delimiter sniffed from the header line (Excel writes ';' where the decimal
// separator is a comma, and some tools write tabs), Excel's "sep=;" hint line honoured, any mix of
// CRLF/LF/CR accepted, and the 1-based line where each record begins, which csv-parse does not give
// (its `info.lines` counts a CRLF inside quotes twice). We get it from `info.bytes`, the UTF-8 bytes
// consumed once a record ends: the bytes between two records hold the record and any blank lines
// before it, and line breaks (0x0A, 0x0D) never occur inside a multi-byte UTF-8 sequence.

import { parse } from 'csv-parse/sync';
import { parse as parser } from 'csv-parse';

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

/** csv-parse's options for a sniffed delimiter (the same for a text and a stream). */
function parseOptions(delimiter: CsvDelimiter) {
  return {
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    // A stray quote inside an unquoted field (5" screen) is kept as text rather than failing the file.
    relax_quotes: true,
    skip_empty_lines: true,
  };
}

/** A csv-parse failure at `line` (the record after the last good one) as the file's error. */
function fileErrorAt(line: number, error: unknown): CalendarFileError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'CSV_QUOTE_NOT_CLOSED')
    return new CalendarFileError(line, 'unclosed_quote', 'A quoted value is never closed.');
  return new CalendarFileError(line, 'invalid_csv', message);
}

/** The BOM dropped and Excel's "sep=;" line taken: the delimiter, and the lines taken off the top. */
function headOf(text: string): { text: string; delimiter: CsvDelimiter; lineOffset: number } {
  const plain = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const hint = /^sep=(.)\r?\n?/i.exec(plain);
  if (hint && (hint[1] === ',' || hint[1] === ';' || hint[1] === '\t')) {
    // Excel's "sep=;" first line names the delimiter and is not part of the data.
    return { text: plain.slice(hint[0].length), delimiter: hint[1], lineOffset: 1 };
  }
  return { text: plain, delimiter: sniffDelimiter(firstLineOf(plain)), lineOffset: 0 };
}

/**
 * Follows the line of each record from csv-parse's `info.bytes` (see the top of this file), over
 * bytes that may come a chunk at a time: it keeps the chunks since the last record's end, and joins
 * them only where a record spans two or more (a file of one endless line is joined once, not at
 * every chunk).
 */
class LineCounter {
  private chunks: Buffer[] = [];
  /** The absolute byte offset of chunks[0][0]: the end of the last record. */
  private cursor = 0;
  /** The line at `cursor`. */
  private line: number;

  constructor(firstLine: number) {
    this.line = firstLine;
  }

  add(bytes: Buffer): void {
    if (bytes.length > 0) this.chunks.push(bytes);
  }

  /** The first chunk, made to hold at least `length` bytes (or all there are). */
  private first(length: number): Buffer {
    let held = 0;
    let count = 0;
    while (count < this.chunks.length && held < length) held += this.chunks[count++]!.length;
    if (count > 1) this.chunks.splice(0, count, Buffer.concat(this.chunks.slice(0, count)));
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  /** The line the record ending at `end` (absolute bytes) began on. */
  recordEndingAt(end: number): number {
    const to = end - this.cursor;
    const bytes = this.first(to);
    const start = skipBlankLines(bytes, 0, to);
    const startLine = this.line + countBreaks(bytes, 0, start);
    this.line = startLine + countBreaks(bytes, start, to);
    if (bytes.length > to) this.chunks[0] = bytes.subarray(to);
    else this.chunks.shift();
    this.cursor = end;
    return startLine;
  }

  /** The line of the next record (where a broken one starts). */
  next(): number {
    const bytes = this.first(Number.POSITIVE_INFINITY);
    return this.line + countBreaks(bytes, 0, skipBlankLines(bytes, 0, bytes.length));
  }
}

export function parseRecords(input: string): CsvRecords {
  const { text, delimiter, lineOffset } = headOf(input);
  const bytes = Buffer.from(text, 'utf8');
  const records: CsvRecord[] = [];
  const lines = new LineCounter(1 + lineOffset);
  lines.add(bytes);
  try {
    parse(bytes, {
      ...parseOptions(delimiter),
      on_record(fields: string[], context: { bytes: number }) {
        const line = lines.recordEndingAt(context.bytes);
        // Rows of empty cells (",,,", what spreadsheets leave below the data) are blank lines too.
        if (fields.some((field) => field.trim() !== '')) records.push({ fields, line });
        return null;
      },
    });
  } catch (error) {
    // The record after the last good one is the broken one (an unclosed quote runs to the end).
    throw fileErrorAt(lines.next(), error);
  }
  return { delimiter, records };
}

/** How much of a file's start CsvRecordStream reads to find its first line (a header is far shorter). */
const HEAD_LIMIT = 64 * 1024;

/**
 * The records of a CSV text that comes in chunks, read as they come: what parseRecords gives for
 * the whole text (the same delimiter, records and lines, the same errors), holding only the
 * current chunk and the record under way — a 60 MB spreadsheet read whole took ~8× its size.
 * `delimiter` is known once the first record is out.
 */
export class CsvRecordStream implements AsyncIterable<CsvRecord> {
  delimiter: CsvDelimiter = ',';

  constructor(private readonly chunks: AsyncIterable<string>) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<CsvRecord> {
    // The head (BOM, "sep=", the first line to sniff the delimiter from) comes first, whole.
    const source = this.chunks[Symbol.asyncIterator]();
    try {
      let head = '';
      let ended = false;
      // (After the BOM and the hint: "sep=;\r" may end a chunk and its "\n" begin the next.) A
      // first line longer than HEAD_LIMIT is sniffed from its start: a hostile file of one endless
      // line is not scanned again at every chunk.
      while (!ended && head.length < HEAD_LIMIT && !hasFirstLine(headOf(head).text)) {
        const next = await source.next();
        if (next.done) ended = true;
        else head += next.value;
      }
      const { text, delimiter, lineOffset } = headOf(head);
      this.delimiter = delimiter;
      const lines = new LineCounter(1 + lineOffset);
      const ready: CsvRecord[] = [];
      // csv-parse's stream keeps its parser (`api`): fed chunk by chunk, synchronously, it returns
      // the error rather than emitting it later; records are taken as parseRecords takes them.
      const { api } = parser({
        ...parseOptions(delimiter),
        on_record(fields: string[], context: { bytes: number }) {
          const line = lines.recordEndingAt(context.bytes);
          if (fields.some((field) => field.trim() !== '')) ready.push({ fields, line });
          return null;
        },
      }) as unknown as {
        api: { parse(chunk: Buffer | undefined, end: boolean, push: () => void, close: () => void): unknown };
      };
      const feed = (chunk: Buffer | undefined) => {
        if (chunk) lines.add(chunk);
        const error = api.parse(
          chunk,
          chunk === undefined,
          () => {},
          () => {},
        );
        if (error) throw fileErrorAt(lines.next(), error);
      };
      feed(Buffer.from(text, 'utf8'));
      yield* ready.splice(0);
      while (!ended) {
        const next = await source.next();
        if (next.done) break;
        feed(Buffer.from(next.value, 'utf8'));
        yield* ready.splice(0);
      }
      feed(undefined);
      yield* ready.splice(0);
    } finally {
      // A reader that stops early (the first look at a file) lets the file go.
      await source.return?.();
    }
  }
}

/** Whether `text` holds its first non-blank line whole (a line break after it, outside quotes). */
function hasFirstLine(text: string): boolean {
  const line = firstLineOf(text);
  return line !== '' && text.length > text.indexOf(line) + line.length;
}
