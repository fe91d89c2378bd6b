// What every read of a calendar file must satisfy, however hostile the file: the reader's own
// promises (imported-event.ts), checked on each fuzz input. A problem is a string that says which
// promise broke and where; none means the read is sound.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ReadResult } from '../../../server/calendar-files/read-calendar-file.ts';
import { ImportSummary } from '../../../contract/app/import-summary.ts';
import { closed } from '../fuzz.ts';

const WALL = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** Events a file may become: its own VEVENTs (one per line at most) plus 100,000 from its series. */
const MAX_SERIES_EVENTS = 100_000;

function note(where: string, line: number, lines: number, text: string, code: string): string[] {
  const problems: string[] = [];
  if (!Number.isInteger(line) || line < 1 || line > lines + 1)
    problems.push(`${where}: line ${line} is not a line of the file (${lines})`);
  if (code === '') problems.push(`${where}: no code`);
  if (text.trim() === '') problems.push(`${where} (${code}): no text`);
  // Issue 31, defect 7: the line is the note's field; its text must not repeat it.
  if (/^Line \d+:/.test(text)) problems.push(`${where} (${code}): the text repeats the line: ${text.slice(0, 80)}`);
  return problems;
}

/** The problems of one read, none when it keeps every promise. */
export function checkRead(result: ReadResult, text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/).length;
  const problems: string[] = [];
  const { file } = result;
  if (file.events.length > lines + MAX_SERIES_EVENTS)
    problems.push(`${file.events.length} events from a ${lines}-line file: more than its series may make`);
  for (const event of [...file.events].slice(0, 20_000)) {
    const where = `event at line ${event.line}`;
    if (!WALL.test(event.start) || !WALL.test(event.end))
      problems.push(`${where}: times ${event.start} – ${event.end}`);
    else if (event.end < event.start) problems.push(`${where}: ends (${event.end}) before it starts (${event.start})`);
    if (!event.timezone) problems.push(`${where}: no time zone`);
    if (!event.uid) problems.push(`${where}: no uid`);
    if (!event.title.trim()) problems.push(`${where}: no title`);
    if (event.venue && !event.venue.name.trim()) problems.push(`${where}: a venue without a name`);
    for (const organizer of event.organizers)
      if (!organizer.name.trim()) problems.push(`${where}: an organizer without a name`);
    problems.push(...note(where, event.line, lines, 'x', 'event'));
  }
  for (const skip of file.skipped) problems.push(...note('skip', skip.line, lines, skip.reason, skip.code));
  for (const warning of file.warnings)
    problems.push(...note('warning', warning.line, lines, warning.message, warning.code));
  return problems.slice(0, 20);
}

/** Skips that say the reader met a case it does not foresee (code unreadable): worth a look. */
export function unforeseen(result: ReadResult): string[] {
  return result.file.skipped.filter((skip) => skip.code === 'unreadable').map((skip) => skip.reason);
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
const validSummary = ajv.compile(closed(ImportSummary) as object);

/** The problems of the import route's answer to one file. */
export function checkRoute(status: number, body: unknown): string[] {
  if (status === 200) {
    if (validSummary(body)) return [];
    return [`200 answer does not match ImportSummary: ${ajv.errorsText(validSummary.errors).slice(0, 300)}`];
  }
  const error = body as { code?: string; message?: string; data?: { status?: number; line?: number } } | null;
  if (status === 400 || status === 413) {
    const problems: string[] = [];
    if (status === 400 && error?.code !== 'almanac_invalid_file' && error?.code !== 'rest_invalid_param')
      problems.push(`400 with code ${error?.code}`);
    if (/^Line (\d+): Line \1:/.test(error?.message ?? '')) problems.push(`400 says its line twice: ${error?.message}`);
    return problems;
  }
  return [`status ${status}: ${JSON.stringify(body).slice(0, 300)}`];
}
