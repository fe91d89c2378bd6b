// The iCalendar writer's text rules (RFC 5545 §3.1, §3.3.11) and its VTIMEZONEs, checked against
// ical.js reading them back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import { contentLine, escapeText } from '../../server/calendar-files/ics-export/ics-text.ts';
import { transitions, vtimezone } from '../../server/calendar-files/ics-export/vtimezone.ts';
import { htmlToText } from '../../server/domain/html.ts';

test('TEXT escaping: backslash, semicolon, comma, line breaks', () => {
  assert.equal(escapeText('a;b,c\\d\r\ne\nf'), 'a\\;b\\,c\\\\d\\ne\\nf');
  assert.equal(escapeText('plain text'), 'plain text');
});

test('folding: at most 75 octets a line, never inside a UTF-8 character, CRLF, and it unfolds back', () => {
  const value = `${'ñ'.repeat(100)} ${'😀'.repeat(30)} ${'x'.repeat(200)}`;
  const folded = contentLine(`DESCRIPTION:${escapeText(value)}`);
  assert.ok(folded.endsWith('\r\n'));
  const lines = folded.slice(0, -2).split('\r\n');
  assert.ok(lines.length > 5);
  for (const line of lines) assert.ok(Buffer.byteLength(line) <= 75, `${Buffer.byteLength(line)} octets`);
  for (const line of lines.slice(1)) assert.ok(line.startsWith(' '));
  assert.ok(!folded.includes('\uFFFD'));
  const parsed = new ICAL.Component(
    ICAL.parse(`BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n${folded}END:VEVENT\r\nEND:VCALENDAR\r\n`),
  );
  assert.equal(parsed.getFirstSubcomponent('vevent')!.getFirstPropertyValue('description'), value);
  assert.equal(contentLine('SUMMARY:short'), 'SUMMARY:short\r\n');
});

test('VTIMEZONE: the real transitions, and ical.js converts with them exactly as the zone database does', () => {
  assert.deepEqual(
    transitions('America/New_York', 2027, 2027).map((t) => [new Date(t.at).toISOString(), t.from, t.to]),
    [
      ['2027-03-14T07:00:00.000Z', -300, -240],
      ['2027-11-07T06:00:00.000Z', -240, -300],
    ],
  );
  const block = vtimezone('Australia/Sydney', 2027, 2027);
  const zone = new ICAL.Timezone(new ICAL.Component(ICAL.parse(block)));
  // 10:00 in Sydney: AEDT (+11) in January, AEST (+10) in July.
  for (const [local, utc] of <[string, string][]>[
    ['2027-01-15T10:00:00', '2027-01-14T23:00:00Z'],
    ['2027-07-15T10:00:00', '2027-07-15T00:00:00Z'],
  ]) {
    const time = ICAL.Time.fromDateTimeString(local);
    time.zone = zone;
    assert.equal(time.convertToZone(ICAL.Timezone.utcTimezone).toString().replace(/Z?$/, 'Z'), utc);
  }
  assert.match(vtimezone('Asia/Tokyo', 2027, 2027), /TZOFFSETFROM:\+0900\r\nTZOFFSETTO:\+0900/);
  assert.match(vtimezone('UTC+5:30', 2027, 2027), /TZOFFSETTO:\+0530/);
});

test('HTML descriptions become plain text: paragraphs, line breaks, lists, links, entities', () => {
  assert.equal(
    htmlToText(
      '<p>Hello &amp; welcome,<br />friends</p>\n<p>See <a href="https://x.org/a">the site</a>.</p><ul><li>One</li><li>Two &#8211; 2</li></ul><script>x()</script>',
    ),
    'Hello & welcome,\nfriends\n\nSee the site (https://x.org/a).\n\n• One\n• Two – 2',
  );
});
