// Issue 31, "memory stays flat": what a reader keeps until the end of a file (UIDs for the
// duplicate check, skipped events' notes) must not keep the file's text with it. A UID cut from a
// chunk of the file is, in V8, a view that holds the whole chunk; the preview of a 63 MB export
// held the entire file in the job's heap (+64 MB live). Here a file read in chunks, each a string
// of its own as a file read from disk gives, is measured after full collections at the end of its
// read: what is still held must be a small part of its text. Not a speed or size goal (those are
// bench:files'), a property of the readers: with the views it is ~100 % of the text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getHeapStatistics } from 'node:v8';
import { readCalendarFile, releaseRead } from '../../server/calendar-files/read-calendar-file.ts';
import { fullCollection } from '../../server/heap-tuning.ts';

const collect = fullCollection();
const heapUsed = () => {
  collect!();
  collect!();
  return getHeapStatistics().used_heap_size;
};

const EVENTS = 10_000;
const PER_CHUNK = 200;
const filler = (i: number) => `Rehearsal notes ${i} `.repeat(45);

/** A file of `EVENTS` records in chunks of its own; `held` gets the heap's growth at its end. */
function file(header: string, record: (i: number) => string, footer: string) {
  const measured = { held: 0, chars: 0 };
  let before = 0;
  const open = (pass: 'scan' | 'read') =>
    (async function* () {
      if (pass === 'read') before = heapUsed();
      yield header;
      for (let first = 0; first < EVENTS; first += PER_CHUNK) {
        // One string per chunk, as a file read from disk gives (join copies the records into it).
        const chunk = Array.from({ length: PER_CHUNK }, (_, k) => record(first + k)).join('');
        if (pass === 'read') measured.chars += chunk.length;
        yield chunk;
      }
      yield footer;
      // Every chunk has been handed to the reader: what it still holds of them is held now.
      if (pass === 'read') measured.held = heapUsed() - before;
    })();
  return { open, measured };
}

test('reading an .ics file keeps its UIDs, not the text they were cut from', { skip: !collect }, async () => {
  const ics = file(
    'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Almanac tests//EN\r\n',
    (i) =>
      `BEGIN:VEVENT\r\nUID:rehearsal-${i}-0123456789abcdef@choir.example.org\r\nDTSTART:20270105T180000Z\r\n` +
      `DURATION:PT2H\r\nSUMMARY:Choir rehearsal ${i}\r\nDESCRIPTION:${filler(i)}\r\nEND:VEVENT\r\n`,
    'END:VCALENDAR\r\n',
  );
  const read = await readCalendarFile('ics', ics.open, { siteTimezone: 'Europe/Berlin', spill: true });
  assert.equal(read.kind === 'events' && read.file.events.length, EVENTS);
  releaseRead(read);
  const share = ics.measured.held / ics.measured.chars;
  assert.ok(share < 0.25, `held ${ics.measured.held} bytes after reading ${ics.measured.chars} characters`);
});

test(
  'reading a .csv file keeps its IDs and skipped events, not the text they were read from',
  { skip: !collect },
  async () => {
    const csv = file(
      'Event ID,Event Name,Event Start Date,Event Start Time,Event Description\n',
      // Every other row repeats the one before (same ID): skipped as a duplicate, with its title.
      (i) =>
        `rehearsal-${i - (i % 2)}-0123456789abcdef@choir.example.org,Choir rehearsal ${i},2027-01-05,18:00,${filler(i)}\n`,
      '',
    );
    const read = await readCalendarFile('csv', csv.open, { siteTimezone: 'Europe/Berlin', spill: true });
    assert.equal(read.kind === 'events' && read.file.events.length, EVENTS / 2);
    assert.equal(read.kind === 'events' && read.file.skipped.length, EVENTS / 2);
    releaseRead(read);
    // 5,000 skip notes and 5,000 IDs are held (~30 % of this text); the text itself is not.
    const share = csv.measured.held / csv.measured.chars;
    assert.ok(share < 0.5, `held ${csv.measured.held} bytes after reading ${csv.measured.chars} characters`);
  },
);
