// The attacks of issue 37, each a request a hostile (or only careless) client can send — signed in
// as an editor, a subscriber or a contributor, or not at all — with the answers the RFCs allow it.
// Bodies are built once per run. `run.ts` sends them while a victim client measures its own
// requests (victim.ts).

export interface AttackContext {
  /** `http://127.0.0.1:PORT` */
  url: string;
  tokens: Record<'editor' | 'subscriber' | 'contributor' | 'victim', string>;
  /** A seeded object of the editor's calendar with a ~60 KB description, and a plain one. */
  largeObject: string;
  smallObject: string;
  /** A daily series of 400 days with a 30 KB description (the expand attack). */
  seriesFrom: string;
  /** An id a contributor cannot see (an editor's draft) and the calendar key of the site's own UIDs. */
  hiddenId: number;
  calendarKey: string;
}

export interface AttackRequest {
  method: string;
  path: string;
  as?: keyof AttackContext['tokens'];
  /** A wrong token for this login (the sign-in throttle attack). */
  wrongPasswordFor?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Attack {
  name: string;
  /** Statuses that are a right answer (anything else counts as a failure of the run). */
  expected: number[];
  request: (context: AttackContext) => AttackRequest;
}

const NS = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"';
const CAL = (login: string) => `/caldav/calendars/${login}/default/`;
const propfind = (props: string) => `<d:propfind ${NS}><d:prop>${props}</d:prop></d:propfind>`;

function vcalendar(lines: string[], extra: string[] = []): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//hostile//EN',
    'BEGIN:VEVENT',
    ...lines,
    'END:VEVENT',
    ...extra,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const event = (uid: string, lines: string[] = []) =>
  vcalendar([
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20270601T100000Z',
    'DTEND:20270601T110000Z',
    'SUMMARY:Hostile',
    ...lines,
  ]);

const day = (i: number) => new Date(Date.UTC(2027, 0, 2 + i)).toISOString().slice(0, 10).replace(/-/g, '');

/** Built once: the bodies are large. */
const bodies = {
  calendarData7500: propfind('<c:calendar-data/>'.repeat(7_500)),
  calendarData900: propfind('<c:calendar-data/>'.repeat(900)),
  getetag200k: propfind('<d:getetag/>'.repeat(200_000)),
  nested: `<d:propfind ${NS}><d:prop>${'<d:x>'.repeat(300_000)}${'</d:x>'.repeat(300_000)}</d:prop></d:propfind>`,
  nestedReport: `<c:calendar-query ${NS}><d:prop>${'<d:x>'.repeat(180_000)}${'</d:x>'.repeat(180_000)}</d:prop></c:calendar-query>`,
  siblingsReport: `<c:calendar-multiget ${NS}><d:prop>${'<d:getetag/>'.repeat(300_000)}</d:prop></c:calendar-multiget>`,
  namespacesReport: `<c:calendar-multiget ${NS}><d:prop>${Array.from({ length: 60_000 }, (_, i) => `<x${i}:p xmlns:x${i}="urn:${i}"/>`).join('')}</d:prop></c:calendar-multiget>`,
  proppatch: `<d:propertyupdate ${NS}><d:set><d:prop>${'<d:displayname>x</d:displayname>'.repeat(1_500)}</d:prop></d:set></d:propertyupdate>`,
  nestedAlarms: event('nested@hostile', [
    ...Array.from({ length: 2_000 }, () => 'BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M'),
    ...Array.from({ length: 2_000 }, () => 'END:VALARM'),
  ]),
  exdates: event('exdates@hostile', [
    'RRULE:FREQ=DAILY',
    ...Array.from({ length: 10_000 }, (_, i) => `EXDATE:${day(i)}T100000Z`),
  ]),
  // Just under the limits (object-limits.ts), with the UID of the seeded series: read in full,
  // then refused (no-uid-conflict) — the most a PUT can make the service read, and no write.
  datesJustUnder: event('long-series@hostile', [
    'RRULE:FREQ=DAILY',
    ...Array.from({ length: 400 }, (_, i) => `EXDATE:${day(i)}T100000Z`),
  ]),
  overridesJustUnder: vcalendar(
    [
      'UID:long-series@hostile',
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20270101T100000Z',
      'RRULE:FREQ=DAILY',
      'SUMMARY:x',
    ],
    Array.from({ length: 199 }, (_, i) =>
      [
        'BEGIN:VEVENT',
        'UID:long-series@hostile',
        'DTSTAMP:20260101T000000Z',
        `RECURRENCE-ID:${day(i)}T100000Z`,
        `DTSTART:${day(i)}T120000Z`,
        'SUMMARY:o',
        'END:VEVENT',
      ].join('\r\n'),
    ),
  ),
  yearOne: vcalendar([
    'UID:year-one@hostile',
    'DTSTAMP:20260101T000000Z',
    'DTSTART:00010101T100000Z',
    'SUMMARY:Year one',
  ]),
};

const multiget = (props: string, hrefs: string[]) =>
  `<c:calendar-multiget ${NS}><d:prop>${props}</d:prop>${hrefs.map((href) => `<d:href>${href}</d:href>`).join('')}</c:calendar-multiget>`;

let counter = 0;

export const ATTACKS: Attack[] = [
  {
    name: 'PROPFIND Depth 0, calendar-data ×7,500 on a large object (135 KB)',
    expected: [413],
    request: (c) => ({
      method: 'PROPFIND',
      path: c.largeObject,
      as: 'editor',
      headers: { depth: '0' },
      body: bodies.calendarData7500,
    }),
  },
  {
    name: 'PROPFIND Depth 0, calendar-data ×900 (within the limits), subscriber',
    expected: [207],
    request: (c) => ({
      method: 'PROPFIND',
      path: c.largeObject.replace(CAL('editor'), CAL('subscriber')),
      as: 'subscriber',
      headers: { depth: '0' },
      body: bodies.calendarData900,
    }),
  },
  {
    name: 'PROPFIND Depth 1 on the calendar, calendar-data ×900',
    expected: [207],
    request: () => ({
      method: 'PROPFIND',
      path: CAL('editor'),
      as: 'editor',
      headers: { depth: '1' },
      body: bodies.calendarData900,
    }),
  },
  {
    name: 'calendar-multiget of one href, calendar-data ×3,000 (within the REPORT limits)',
    expected: [207],
    request: (c) => ({
      method: 'REPORT',
      path: CAL('editor'),
      as: 'editor',
      body: multiget('<c:calendar-data/>'.repeat(3_000), [c.largeObject]),
    }),
  },
  {
    name: 'calendar-multiget naming one href 10,000 times (and a missing one 10,000 times)',
    expected: [207],
    request: (c) => ({
      method: 'REPORT',
      path: CAL('editor'),
      as: 'editor',
      body: multiget('<d:getetag/>', [
        ...Array(10_000).fill(c.smallObject),
        ...Array(10_000).fill(`${CAL('editor')}missing.ics`),
      ]),
    }),
  },
  {
    name: 'calendar-multiget of 20,000 distinct hrefs (a first sync’s size)',
    expected: [207],
    request: () => ({
      method: 'REPORT',
      path: CAL('editor'),
      as: 'editor',
      body: multiget(
        '<d:getetag/>',
        Array.from({ length: 20_000 }, (_, i) => `${CAL('editor')}event-${i}-0123456789abcdef.ics`),
      ),
    }),
  },
  {
    name: 'PROPFIND with getetag ×200,000 (2.4 MB)',
    expected: [413],
    request: () => ({
      method: 'PROPFIND',
      path: CAL('editor'),
      as: 'editor',
      headers: { depth: '1' },
      body: bodies.getetag200k,
    }),
  },
  {
    name: 'PROPFIND of 300,000 nested elements (6.6 MB)',
    expected: [413],
    request: () => ({
      method: 'PROPFIND',
      path: CAL('editor'),
      as: 'editor',
      headers: { depth: '0' },
      body: bodies.nested,
    }),
  },
  {
    name: 'REPORT of 180,000 nested elements (just under 4 MiB)',
    expected: [413],
    request: () => ({ method: 'REPORT', path: CAL('editor'), as: 'editor', body: bodies.nestedReport }),
  },
  {
    name: 'REPORT of 300,000 sibling elements (3.7 MB)',
    expected: [413],
    request: () => ({ method: 'REPORT', path: CAL('editor'), as: 'editor', body: bodies.siblingsReport }),
  },
  {
    name: 'REPORT declaring 60,000 namespaces (2.2 MB)',
    expected: [413],
    request: () => ({ method: 'REPORT', path: CAL('editor'), as: 'editor', body: bodies.namespacesReport }),
  },
  {
    name: 'PROPPATCH of 1,500 properties',
    expected: [413],
    request: () => ({ method: 'PROPPATCH', path: CAL('editor'), as: 'editor', body: bodies.proppatch }),
  },
  {
    name: 'calendar-query expanding a 400-day series with a 30 KB description',
    expected: [207],
    request: (c) => ({
      method: 'REPORT',
      path: CAL('editor'),
      as: 'editor',
      body: `<c:calendar-query ${NS}><d:prop><d:getetag/><c:calendar-data><c:expand start="${c.seriesFrom}" end="20300101T000000Z"/></c:calendar-data></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${c.seriesFrom}" end="20300101T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
    }),
  },
  {
    name: 'PUT of 2,000 nested VALARMs (editor)',
    expected: [403],
    request: () => ({
      method: 'PUT',
      path: `${CAL('editor')}nested-${++counter}.ics`,
      as: 'editor',
      headers: { 'content-type': 'text/calendar' },
      body: bodies.nestedAlarms,
    }),
  },
  {
    name: 'PUT of 2,000 nested VALARMs (subscriber)',
    expected: [403],
    request: () => ({
      method: 'PUT',
      path: `${CAL('subscriber')}nested-${++counter}.ics`,
      as: 'subscriber',
      headers: { 'content-type': 'text/calendar' },
      body: bodies.nestedAlarms,
    }),
  },
  {
    name: 'PUT of 10,000 EXDATEs (subscriber)',
    expected: [403],
    request: () => ({
      method: 'PUT',
      path: `${CAL('subscriber')}exdates-${++counter}.ics`,
      as: 'subscriber',
      headers: { 'content-type': 'text/calendar' },
      body: bodies.exdates,
    }),
  },
  {
    name: 'PUT of 10,000 EXDATEs (editor)',
    expected: [403],
    request: () => ({
      method: 'PUT',
      path: `${CAL('editor')}exdates-${++counter}.ics`,
      as: 'editor',
      headers: { 'content-type': 'text/calendar' },
      body: bodies.exdates,
    }),
  },
  {
    name: 'PUT of 400 EXDATEs, just under the limit (read, then a UID conflict)',
    expected: [403],
    request: () => ({
      method: 'PUT',
      path: `${CAL('editor')}dates-${++counter}.ics`,
      as: 'editor',
      headers: { 'content-type': 'text/calendar' },
      body: bodies.datesJustUnder,
    }),
  },
  {
    name: 'PUT of 199 changed occurrences, just under the limit (read, then a UID conflict)',
    expected: [403],
    request: () => ({
      method: 'PUT',
      path: `${CAL('editor')}overrides-${++counter}.ics`,
      as: 'editor',
      headers: { 'content-type': 'text/calendar' },
      body: bodies.overridesJustUnder,
    }),
  },
  {
    name: 'PUT of a hidden draft’s UID (contributor)',
    expected: [403],
    request: (c) => ({
      method: 'PUT',
      path: `${CAL('contributor')}probe-${++counter}.ics`,
      as: 'contributor',
      headers: { 'content-type': 'text/calendar' },
      body: event(`${c.hiddenId}-${c.calendarKey}@almanac`),
    }),
  },
  {
    name: 'PUT starting in year 0001',
    expected: [403],
    request: () => ({
      method: 'PUT',
      path: `${CAL('editor')}year-one-${++counter}.ics`,
      as: 'editor',
      headers: { 'content-type': 'text/calendar' },
      body: bodies.yearOne,
    }),
  },
  {
    name: 'wrong passwords for the victim’s login',
    expected: [401, 429],
    request: () => ({
      method: 'PROPFIND',
      path: CAL('victim'),
      wrongPasswordFor: 'victim',
      headers: { depth: '0' },
      body: '',
    }),
  },
  {
    name: 'HEAD of an object',
    expected: [200],
    request: (c) => ({ method: 'HEAD', path: c.smallObject, as: 'editor' }),
  },
];
