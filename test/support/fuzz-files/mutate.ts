// Mutations of calendar files for the fuzz target: line surgery (delete, repeat, swap, truncate,
// break a fold), values replaced by hostile ones (absurd numbers, dates that are none, rules
// built part by part from iCalendar's grammar and beyond it), whole components added (events,
// time zones), and for spreadsheets, cells, rows and headings. Deterministic for a seed, so that
// every finding can be replayed from its seed and index.
import type { Seed } from './corpus.ts';

/** A small seeded PRNG (mulberry32): the same seed gives the same inputs on every machine. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

const DATES = [
  '20270101',
  '20270101T000000',
  '20270101T093000Z',
  '20261215T180000',
  '00000101',
  '00010101T000000Z',
  '99991231T235959Z',
  '99991231',
  '20270230',
  '20270229T100000',
  '2027-01-01',
  '2027-01-01T10:00:00Z',
  'Next Year',
  '',
  '20270101T240000',
  '20270101T000060Z',
  '20270101Z',
  '2027010',
  '202701011',
  '19700101T000000Z',
  '16010101T000000',
  '20270101T000000+0100',
  '18000101T000000',
];
const DURATIONS = [
  'PT1H',
  'P1D',
  'PT0S',
  'P999999999999999999W',
  'P99999999D',
  '-PT1H',
  '-P1W',
  'P',
  'PT',
  'P1W2D',
  'P1Y',
  'PT99999999999S',
  'P36500D',
  'XYZ',
  `P${'9'.repeat(400)}D`,
];
const NUMBERS = [
  '0',
  '1',
  '-1',
  '2',
  '7',
  '53',
  '99',
  '367',
  '999999999999',
  '1e3',
  'NaN',
  '2147483648',
  '+5',
  '',
  '-0',
];
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'W. Europe Standard Time',
  'Pacific Standard Time',
  '"(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"',
  '/mozilla.org/20050126_1/Europe/Berlin',
  'Mars/Olympus',
  'UTC',
  'GMT',
  'Z',
  'Customized Time Zone',
  'Fuzzed',
  'a'.repeat(300),
  '',
];
const TEXTS = [
  '',
  'Concert',
  'Ünïcödé 💥 日本語',
  '\\n\\n\\n',
  '\\',
  'A'.repeat(20_000),
  '<script>alert(1)</script><img src=x onerror=alert(2)>',
  '\u0000\u0001\u001f',
  ';;;,,,',
  '\\,\\;\\N',
  '"quoted"',
  '   ',
];
const LOCATIONS = [
  'Kulturbrauerei Kesselhaus\\, Schönhauser Allee 36\\, 10435 Berlin\\, Germany',
  'Riverside Community Center\\, 1200 River Rd\\, Riverside\\, CA 92501\\, USA',
  'Rijksmuseum\\nMuseumstraat 1\\n1071 XX Amsterdam',
  'https://zoom.us/j/123',
  '\\,\\,\\,',
  'a\\,'.repeat(2000),
  '12345 Berlin',
  'Germany',
];
const URLS = [
  '/c/machbar/calendar',
  'https://example.org/e',
  'www.example.org',
  'javascript:alert(1)',
  'http://',
  '::',
  'http://127.0.0.1:8940/x',
];
const EMAILS = ['a@example.org', 'arpad.toth@lisbon', '', '@', 'a@b', 'x'.repeat(500) + '@example.org', 'mailto:'];
const FREQS = ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'FORTNIGHTLY', 'daily', ''];
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU', '1MO', '-1SU', '5FR', '53MO', '0MO', '99TU', 'XX', '+2WE'];
const PARTS = [
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYDAY',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
  'RSCALE',
  'SKIP',
  'UNTL',
  'X-FOO',
  'FREQ',
];

/** A rule built part by part: mostly grammatical, with values in and out of their ranges. */
export function randomRule(random: Random): string {
  const parts: string[] = [];
  if (!random.chance(0.05)) parts.push(`FREQ=${random.pick(FREQS)}`);
  const count = random.int(5);
  for (let i = 0; i < count; i++) {
    const part = random.pick(PARTS);
    const list = (values: () => string) =>
      Array.from({ length: 1 + random.int(random.chance(0.1) ? 60 : 4) }, values).join(',');
    let value: string;
    switch (part) {
      case 'UNTIL':
        value = random.pick(DATES);
        break;
      case 'BYDAY':
        value = list(() => random.pick(DAYS));
        break;
      case 'WKST':
        value = random.pick(DAYS);
        break;
      case 'RSCALE':
        value = random.pick(['GREGORIAN', 'HEBREW', '']);
        break;
      case 'SKIP':
        value = random.pick(['OMIT', 'FORWARD', 'BACKWARD', 'NEVER']);
        break;
      case 'FREQ':
        value = random.pick(FREQS);
        break;
      default:
        value = list(() =>
          random.chance(0.7)
            ? String(random.int(part === 'BYYEARDAY' ? 370 : 62) * (random.chance(0.2) ? -1 : 1))
            : random.pick(NUMBERS),
        );
    }
    parts.push(random.chance(0.03) ? part : `${part}=${value}`);
  }
  return parts.join(';') + (random.chance(0.1) ? ';' : '');
}

function dateList(random: Random): string {
  return Array.from({ length: 1 + random.int(random.chance(0.05) ? 300 : 3) }, () => random.pick(DATES)).join(',');
}

function zoneParam(random: Random): string {
  return random.chance(0.5) ? '' : `;TZID=${random.pick(ZONES)}`;
}

/** One property line of an event, from iCalendar's vocabulary with hostile values. */
export function randomEventLine(random: Random): string {
  switch (random.int(22)) {
    case 0:
      return `DTSTART${zoneParam(random)}:${random.pick(DATES)}`;
    case 1:
      return `DTSTART;VALUE=${random.pick(['DATE', 'DATE-TIME', 'PERIOD', 'TEXT'])}:${random.pick(DATES)}`;
    case 2:
      return `DTEND${zoneParam(random)}:${random.pick(DATES)}`;
    case 3:
      return `DURATION:${random.pick(DURATIONS)}`;
    case 4:
    case 5:
      return `RRULE:${randomRule(random)}`;
    case 6:
      return `RDATE${zoneParam(random)}:${dateList(random)}`;
    case 7:
      return `RDATE;VALUE=PERIOD:${random.pick(DATES)}/${random.chance(0.5) ? random.pick(DURATIONS) : random.pick(DATES)}`;
    case 8:
      return `EXDATE${zoneParam(random)}:${dateList(random)}`;
    case 9:
      return `RECURRENCE-ID${zoneParam(random)}${random.chance(0.3) ? ';VALUE=DATE' : ''}:${random.pick(DATES)}`;
    case 10:
      return `UID:${random.pick(['a', 'b', 'shared@example.org', '', random.pick(TEXTS)])}`;
    case 11:
      return `SUMMARY:${random.pick(TEXTS)}`;
    case 12:
      return `LOCATION:${random.pick(LOCATIONS)}`;
    case 13:
      return `ORGANIZER${random.chance(0.6) ? `;CN=${random.pick(TEXTS)}` : ''}:mailto:${random.pick(EMAILS)}`;
    case 14:
      return `URL:${random.pick(URLS)}`;
    case 15:
      return `GEO:${random.pick(NUMBERS)};${random.pick(NUMBERS)}`;
    case 16:
      return `STATUS:${random.pick(['CANCELLED', 'TENTATIVE', 'CONFIRMED', ''])}`;
    case 17:
      return `SEQUENCE:${random.pick(NUMBERS)}`;
    case 18:
      return `CATEGORIES:${Array.from({ length: 1 + random.int(random.chance(0.05) ? 500 : 3) }, () => random.pick(TEXTS).slice(0, 40)).join(',')}`;
    case 19:
      return `X-ALT-DESC;FMTTYPE=text/html:<html><body>${random.pick(TEXTS)}</body></html>`;
    case 20:
      return `X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=${random.pick(LOCATIONS)};X-TITLE=${random.pick(TEXTS).slice(0, 50)}:geo:${random.pick(NUMBERS)},${random.pick(NUMBERS)}`;
    default:
      return `DESCRIPTION:${random.pick(TEXTS)}`;
  }
}

export function randomEvent(random: Random): string[] {
  const lines = ['BEGIN:VEVENT', `UID:fuzz-${random.int(20)}`, `DTSTART:${random.pick(DATES.slice(0, 4))}`];
  const count = 1 + random.int(8);
  for (let i = 0; i < count; i++) lines.push(randomEventLine(random));
  lines.push('END:VEVENT');
  return lines;
}

/** A VTIMEZONE whose observances repeat in any way and change the offset by any amount. */
export function randomTimezone(random: Random): string[] {
  const observance = (kind: string) => [
    `BEGIN:${kind}`,
    `DTSTART:${random.pick(['16010101T020000', '19700329T020000', '00010101T000000', '99990101T000000', random.pick(DATES)])}`,
    `TZOFFSETFROM:${random.pick(['+0100', '+0200', '-0800', '+9999', '0100', '', '+01:00'])}`,
    `TZOFFSETTO:${random.pick(['+0100', '+0200', '-0700', '-9999', '+1400'])}`,
    ...(random.chance(0.8)
      ? [`RRULE:${random.chance(0.6) ? 'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU' : randomRule(random)}`]
      : []),
    ...(random.chance(0.2) ? [`RDATE:${dateList(random)}`] : []),
    `END:${kind}`,
  ];
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${random.pick(['Fuzzed', 'Customized Time Zone', 'Europe/Berlin', 'W. Europe Standard Time'])}`,
    ...observance('STANDARD'),
    ...(random.chance(0.7) ? observance('DAYLIGHT') : []),
    'END:VTIMEZONE',
  ];
}

/** Lines a mutant may grow to: copies of copies would otherwise reach gigabytes. */
const MAX_LINES = 200_000;

/** Inserts items at `at` (splice with a spread overflows the stack for large arrays). */
function insert(lines: string[], at: number, items: string[]): void {
  if (lines.length + items.length > MAX_LINES) return;
  const tail = lines.splice(at);
  for (const item of items) lines.push(item);
  for (const item of tail) lines.push(item);
}

function replace(lines: string[], items: string[]): void {
  lines.length = 0;
  for (const item of items) lines.push(item);
}

const NOISE = [':', ';', '=', ',', '"', '\\', '\u0000', '\uFFFD', 'é', '\t', ' ', '\r', '\n', 'Z', 'T', '9', '-'];

/** Index of a line inside an event block (after a BEGIN:VEVENT), or any line when there is none. */
function lineInEvent(random: Random, lines: string[]): number {
  const begins = lines.flatMap((line, i) => (/^BEGIN:VEVENT/i.test(line) ? [i] : []));
  if (begins.length === 0) return random.int(lines.length + 1);
  return Math.min(lines.length, random.pick(begins) + 1 + random.int(4));
}

function mutateIcs(random: Random, lines: string[]): string {
  switch (random.int(17)) {
    case 0:
      if (lines.length > 1) lines.splice(random.int(lines.length), 1);
      return 'delete a line';
    case 1: {
      const i = random.int(lines.length);
      const times = random.chance(0.1) ? 200 + random.int(2000) : 1 + random.int(3);
      insert(
        lines,
        i,
        Array.from({ length: times }, () => lines[i] ?? ''),
      );
      return `repeat a line ${times}×`;
    }
    case 2: {
      const a = random.int(lines.length);
      const b = random.int(lines.length);
      [lines[a], lines[b]] = [lines[b] ?? '', lines[a] ?? ''];
      return 'swap two lines';
    }
    case 3:
    case 4:
    case 5:
      lines.splice(lineInEvent(random, lines), 0, randomEventLine(random));
      return 'add an event property';
    case 6: {
      // Replace a property's value with one of another property's hostile values.
      const i = lineInEvent(random, lines);
      const line = lines[i];
      if (!line || !line.includes(':')) return 'nothing';
      const replacement = randomEventLine(random);
      lines[i] = line.slice(0, line.indexOf(':') + 1) + replacement.slice(replacement.indexOf(':') + 1);
      return 'replace a value';
    }
    case 7: {
      const i = random.int(lines.length);
      lines[i] = (lines[i] ?? '').replace(/\d+/, () => random.pick(NUMBERS));
      return 'replace a number';
    }
    case 8: {
      const keep = random.int(lines.length + 1);
      const cut = lines.slice(0, keep);
      const last = cut.pop();
      if (last !== undefined) cut.push(last.slice(0, random.int(last.length + 1)));
      replace(lines, cut);
      return 'truncate';
    }
    case 9: {
      const i = random.int(lines.length);
      const line = lines[i] ?? '';
      if (line.startsWith(' ') || line.startsWith('\t')) lines[i] = line.slice(1);
      else if (line.length > 2) {
        const at = 1 + random.int(line.length - 1);
        lines.splice(i, 1, line.slice(0, at), (random.chance(0.7) ? ' ' : '') + line.slice(at));
      }
      return 'break a fold';
    }
    case 10: {
      const i = random.int(lines.length);
      const line = lines[i] ?? '';
      const at = random.int(line.length + 1);
      lines[i] = line.slice(0, at) + random.pick(NOISE) + line.slice(at + (random.chance(0.5) ? 1 : 0));
      return 'noise in a line';
    }
    case 11: {
      // Many copies of an event: the same UID (duplicates) or new ones (a big file).
      const begin = lines.findIndex((line) => /^BEGIN:VEVENT/i.test(line));
      const end = lines.findIndex((line, i) => i > begin && /^END:VEVENT/i.test(line));
      if (begin === -1 || end === -1) return 'nothing';
      const block = lines.slice(begin, end + 1);
      const times = 2 + random.int(random.chance(0.2) ? 1500 : 30);
      const fresh = random.chance(0.5);
      const copies = Array.from({ length: times }, (_, n) =>
        fresh ? block.map((line) => (/^UID[:;]/i.test(line) ? `${line}-${n}` : line)) : block,
      ).flat();
      insert(lines, end + 1, copies);
      return `copy an event ${times}× (${fresh ? 'new' : 'same'} UIDs)`;
    }
    case 12: {
      const at = Math.max(1, random.int(lines.length));
      insert(lines, at, randomEvent(random));
      return 'add an event';
    }
    case 13: {
      const at = Math.max(1, random.int(lines.length));
      insert(lines, at, randomTimezone(random));
      return 'add a time zone';
    }
    case 14: {
      const candidates = lines.flatMap((line, i) => (/^(BEGIN|END):/i.test(line) ? [i] : []));
      if (candidates.length === 0) return 'nothing';
      lines.splice(random.pick(candidates), 1);
      return 'drop a BEGIN or END';
    }
    case 15: {
      const i = lines.findIndex((line) => /^DTSTART/i.test(line));
      const start = lines[i];
      if (!start) return 'nothing';
      lines.splice(i + 1, 0, `RRULE:${randomRule(random)}`);
      return 'make an event repeat';
    }
    default:
      lines.splice(1, 0, `X-WR-TIMEZONE:${random.pick(ZONES)}`);
      return 'calendar zone';
  }
}

function mutateCsv(random: Random, lines: string[]): string {
  const cells = (line: string) => line.split(',');
  switch (random.int(9)) {
    case 0: {
      const i = 1 + random.int(Math.max(1, lines.length - 1));
      const row = cells(lines[i] ?? '');
      row[random.int(row.length)] = random.pick([
        ...DATES,
        ...NUMBERS,
        ...TEXTS.slice(0, 6),
        '13/45/2027',
        '25:99',
        '12:00 PM',
        'UTC+99:99',
        'Mars/Olympus',
        '"',
        '"a""b',
        '=HYPERLINK("x")',
        ...URLS,
        ...EMAILS,
      ]);
      lines[i] = row.join(',');
      return 'replace a cell';
    }
    case 1: {
      const i = 1 + random.int(Math.max(1, lines.length - 1));
      const times = random.chance(0.2) ? 500 + random.int(3000) : 1 + random.int(5);
      insert(
        lines,
        i,
        Array.from({ length: times }, () => lines[i] ?? ''),
      );
      return `repeat a row ${times}×`;
    }
    case 2:
      if (lines.length > 1) lines.splice(random.int(lines.length), 1);
      return 'delete a row';
    case 3: {
      const header = cells(lines[0] ?? '');
      header[random.int(header.length)] = random.pick([
        'Event Name',
        'Event Start Date',
        'Event Time Zone',
        'Venue Name',
        'Organizer Email',
        '',
        'Título',
        'Event Name',
      ]);
      lines[0] = header.join(',');
      return 'change a heading';
    }
    case 4: {
      const i = random.int(lines.length);
      const line = lines[i] ?? '';
      const at = random.int(line.length + 1);
      lines[i] = line.slice(0, at) + random.pick(['"', ',', ';', '\t', '\r', '\n', '\u0000', 'é']) + line.slice(at);
      return 'noise in a row';
    }
    case 5: {
      const i = random.int(lines.length);
      lines[i] = `${lines[i] ?? ''}${','.repeat(random.chance(0.1) ? 5000 : 3)}`;
      return 'many empty cells';
    }
    case 6: {
      const keep = random.int(lines.length + 1);
      lines.splice(keep);
      return 'truncate';
    }
    case 7:
      replace(
        lines,
        lines.map((line) => line.replace(/,/g, random.pick([';', '\t', ',']))),
      );
      return 'another delimiter';
    default: {
      const i = 1 + random.int(Math.max(1, lines.length - 1));
      lines[i] = (lines[i] ?? '').replace(/\d+/, () => random.pick(NUMBERS));
      return 'replace a number';
    }
  }
}

export interface Mutant {
  text: string;
  /** What was done, for the finding's report. */
  steps: string[];
}

/** One fuzz input: a seed with one to six mutations, its line endings as the seed's or changed. */
export function mutate(random: Random, seed: Seed): Mutant {
  const crlf = seed.text.includes('\r\n');
  const lines = seed.text.split(/\r?\n/);
  const steps: string[] = [];
  const count = 1 + random.int(6);
  for (let i = 0; i < count; i++) {
    // Mutations index lines: a file cut to nothing keeps one empty line (no holes in the array).
    if (lines.length === 0) lines.push('');
    steps.push(seed.format === 'csv' ? mutateCsv(random, lines) : mutateIcs(random, lines));
  }
  for (let i = 0; i < lines.length; i++) lines[i] ??= '';
  const ending = random.chance(0.1) ? random.pick(['\n', '\r', '\r\n']) : crlf ? '\r\n' : '\n';
  if (ending !== (crlf ? '\r\n' : '\n')) steps.push(`line endings ${JSON.stringify(ending)}`);
  let text = lines.join(ending);
  if (random.chance(0.05)) {
    text = `\uFEFF${text}`;
    steps.push('byte-order mark');
  }
  return { text, steps };
}
