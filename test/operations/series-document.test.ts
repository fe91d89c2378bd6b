// A series written whole from a calendar document (what the importer and CalDAV hand over): the
// rule, its excluded dates, a moved occurrence, a cancelled one; written again, the document is
// the whole truth (a dropped exception takes the series' fields back).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataDir } from '../../server/data-dir.ts';
import { administratorContext } from '../../server/operations/context.ts';
import { writeSeriesDocument, type SeriesDocument } from '../../server/operations/series/series-document.ts';
import { OperationError } from '../../server/operations/errors.ts';

test('a document makes a series with its exceptions, and a second write makes the series match it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-series-doc-'));
  const store = openDataDir(dir, { timezone: 'Europe/Berlin' });
  try {
    const ctx = administratorContext(store);
    const doc: SeriesDocument = {
      uid: 'weekly-meeting@example.org',
      master: {
        title: 'Team meeting',
        start_date: '2027-01-05 09:00',
        end_date: '2027-01-05 10:00',
        status: 'publish',
      },
      rule: 'FREQ=WEEKLY;COUNT=5',
      exdates: ['2027-01-19'],
      overrides: [
        {
          date: '2027-01-12',
          input: { title: 'Team meeting (moved)', start_date: '2027-01-13 09:00', end_date: '2027-01-13 10:00' },
        },
        { date: '2027-01-26', input: {}, cancelled: true },
        { date: '2027-03-02', input: { title: 'Not in the series' } },
      ],
    };
    const first = store.transaction(() => writeSeriesDocument(ctx, doc));
    assert.equal(first.created, true);
    assert.deepEqual(first.unmatched, ['2027-03-02']);
    assert.equal(first.series.uid, 'weekly-meeting@example.org');
    const rows = store.series.occurrences(ctx.site.id, first.series.id);
    const state = rows.map((r) => [r.recurrence, r.status, r.title, r.start_local, r.detached]);
    assert.deepEqual(state, [
      ['2027-01-05', 'publish', 'Team meeting', '2027-01-05 09:00:00', 0],
      ['2027-01-12', 'publish', 'Team meeting (moved)', '2027-01-13 09:00:00', 1],
      ['2027-01-26', 'trash', 'Team meeting', '2027-01-26 09:00:00', 0],
      ['2027-02-02', 'publish', 'Team meeting', '2027-02-02 09:00:00', 0],
    ]);
    assert.deepEqual(store.series.get(ctx.site.id, first.series.id)!.exdates, '2027-01-19,2027-01-26');

    // Written again without the moved occurrence and with a new title: the document is the truth.
    const again = store.transaction(() =>
      writeSeriesDocument(ctx, { ...doc, master: { ...doc.master, title: 'Team sync' }, overrides: [] }, first.series),
    );
    assert.equal(again.created, false);
    // The cancelled occurrence is not cancelled in this version: it is back.
    const after = store.series.occurrences(ctx.site.id, first.series.id);
    assert.deepEqual(
      after.map((r) => [r.recurrence, r.status, r.title, r.start_local, r.detached]),
      [
        ['2027-01-05', 'publish', 'Team sync', '2027-01-05 09:00:00', 0],
        ['2027-01-12', 'publish', 'Team sync', '2027-01-12 09:00:00', 0],
        ['2027-01-26', 'publish', 'Team sync', '2027-01-26 09:00:00', 0],
        ['2027-02-02', 'publish', 'Team sync', '2027-02-02 09:00:00', 0],
      ],
    );

    // A bad rule: refused, naming the part, and nothing of the new series stays.
    const before = store.db.prepare("SELECT count(*) AS n FROM posts WHERE type = 'event'").get();
    assert.throws(
      () => store.transaction(() => writeSeriesDocument(ctx, { ...doc, uid: 'x@y', rule: 'FREQ=WEEKLY;UNTL=2027' })),
      (error: unknown) => error instanceof OperationError && /UNTL/.test(JSON.stringify(error.data)),
    );
    assert.deepEqual(store.db.prepare("SELECT count(*) AS n FROM posts WHERE type = 'event'").get(), before);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
