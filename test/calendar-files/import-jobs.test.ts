// Issue 31, "Imports never block the service": an import runs as a job on a worker thread (read,
// planned and written there, in one transaction), the service answers meanwhile, its writes wait
// for the import at the write gate instead of failing with SQLITE_BUSY, and a Cancel or a failure
// leaves nothing written. Orderings are made certain, never timed: where the test must hold an
// import before it writes, a second real connection to the same database holds SQLite's write lock
// (as the CLI in another process can), so the job stays in its writing phase until released; where
// it must hold one halfway, the job is told to stop after so many events (ImportJobs'
// holdNextJobAt, a hook of the job's shared memory with no HTTP surface) until it is cancelled.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { startServer, type TestServer } from '../support/server.ts';
import { snapshot } from '../support/helpers.ts';
import type { ImportJob, ImportJobList } from '../../contract/app/import-job.ts';

let server: TestServer;
const JOBS = 'almanac/v1/import-jobs';

function calendar(count: number, options: { prefix?: string; boomAt?: number } = {}): string {
  const prefix = options.prefix ?? 'job';
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Almanac tests//EN'];
  for (let i = 0; i < count; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${prefix}-${i}@example.org`,
      `SUMMARY:${i === options.boomAt ? 'Boom' : `${prefix} event ${i}`}`,
      `DTSTART:2027${month}${day}T${String(8 + (i % 10)).padStart(2, '0')}0000Z`,
      'DURATION:PT1H',
      `LOCATION:${prefix} hall ${i % 40}`,
      `ORGANIZER;CN=${prefix} organizer ${i % 30}:mailto:${prefix}-org-${i % 30}@example.org`,
      `CATEGORIES:${prefix} category ${i % 20}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

function startJob(body: string, query: Record<string, string> = {}, token = server.tokens.administrator) {
  return server.request<ImportJob>('POST', `/${JOBS}`, {
    raw: { body, contentType: 'text/calendar' },
    query,
    token,
  });
}

/** The next job started stops once it has handled `events` events, until it is cancelled. */
const holdNextJobAt = (events: number) => server.listening.app.importJobs.holdNextJobAt(events);

const job = (id: string) => server.admin<ImportJob>('GET', `/${JOBS}/${id}`);

/** Polls the job until `done` says so (or it ended). */
async function until(id: string, done: (job: ImportJob) => boolean): Promise<ImportJob> {
  for (;;) {
    const { body } = await job(id);
    if (done(body) || body.status !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A second connection holding the write lock: an import's worker waits for it, in its writing phase. */
function holdWriteLock(): () => void {
  const db = new Database(server.store.db.name);
  db.exec('BEGIN IMMEDIATE');
  return () => {
    db.exec('ROLLBACK');
    db.close();
  };
}

before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
});
after(() => server.close());

describe('an import job runs off the event loop', () => {
  test('while it writes, GETs answer, a write waits and then succeeds (no SQLITE_BUSY), and progress reaches the total', async () => {
    const created = await server.admin('POST', 'events', {
      json: { title: 'Before the import', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' },
    });
    assert.equal(created.status, 201);
    const release = holdWriteLock();
    let released = false;
    try {
      const started = await startJob(calendar(300, { prefix: 'held' }));
      assert.equal(started.status, 202, started.text);
      assert.equal(started.body.status, 'running');
      const id = started.body.id;
      // Read, then waiting for the lock the other connection holds: the worker is in its transaction's way.
      const writing = await until(id, (body) => body.phase === 'writing');
      assert.equal(writing.phase, 'writing');
      assert.equal(writing.events_total, 300);

      // A write on the event loop: it must wait for the import, not fail after busy_timeout.
      let writeAnswered = false;
      const write = server
        .admin('POST', 'events', {
          json: { title: 'During the import', start_date: '2027-03-02 10:00:00', end_date: '2027-03-02 11:00:00' },
        })
        .then((response) => {
          writeAnswered = true;
          return response;
        });
      // Reads answer meanwhile — one event, a list, the job's progress — before the import ends.
      for (let i = 0; i < 5; i++) {
        const one = await server.admin('GET', `events/${created.body.id}`);
        assert.equal(one.status, 200);
        const list = await server.admin('GET', 'events', { query: { per_page: 5 } });
        assert.equal(list.status, 200);
      }
      const still = await job(id);
      assert.equal(still.body.status, 'running', 'the GETs answered before the import finished');
      assert.equal(writeAnswered, false, 'the write waits while the import holds the lock');

      release();
      released = true;
      const done = await until(id, () => false);
      assert.equal(done.status, 'done');
      assert.equal(done.phase, 'finished');
      assert.equal(done.events_planned, 300);
      assert.equal(done.events_written, 300);
      assert.equal(done.summary?.created, 300);
      const written = await write;
      assert.equal(written.status, 201, written.text);
      const events = await server.admin('GET', 'events', {
        query: { start_date: '2027-01-01', end_date: '2027-12-31', per_page: 1 },
      });
      assert.equal(events.body.total, 302, 'the import and both writes, visible at once (no stale cache)');
    } finally {
      if (!released) release();
    }
  });

  test('POST import answers the summary of its job; a preview writes nothing', async () => {
    const before = snapshot(server);
    const preview = await server.request('POST', '/almanac/v1/import', {
      raw: { body: calendar(40, { prefix: 'preview' }), contentType: 'text/calendar' },
      query: { dry_run: 'true' },
      token: server.tokens.administrator,
    });
    assert.equal(preview.status, 200, preview.text);
    assert.equal(preview.body.created, 40);
    assert.deepEqual(snapshot(server), before);
  });
});

describe('cancel and failure leave nothing written', () => {
  test('cancel halfway: no event, venue, organizer or term is left', async () => {
    const before = snapshot(server);
    // Held after 200 of its 400 events, inside its transaction: halfway for certain, however fast.
    holdNextJobAt(200);
    const started = await startJob(calendar(400, { prefix: 'cancel' }));
    assert.equal(started.status, 202, started.text);
    const id = started.body.id;
    const halfway = await until(id, (body) => body.events_written >= 200);
    assert.equal(halfway.status, 'running', 'the import was still running when cancelled');
    assert.equal(halfway.phase, 'writing');
    assert.equal(halfway.events_written, 200);
    assert.equal(halfway.events_total, 400);
    const cancelled = await server.admin<ImportJob>('DELETE', `/${JOBS}/${id}`);
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.body.status, 'cancelled');
    assert.equal(cancelled.body.error?.code, 'almanac_import_cancelled');
    assert.deepEqual(snapshot(server), before, 'posts, terms, links and translations as before');
    const venues = await server.admin('GET', 'venues', { query: { search: 'cancel hall' } });
    assert.equal(venues.body.total ?? 0, 0);
    // Cancelling again: it has ended.
    const again = await server.admin('DELETE', `/${JOBS}/${id}`);
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'almanac_import_ended');
  });

  test('a job with no other import before it never says it waits for one: from its first answer it is starting (its thread), then reading', async () => {
    // Issue 36: "Waiting for another import to finish…" for the seconds a worker thread took to
    // start, with no other import anywhere. Each kind: a preview (run at once) and an import (in turn).
    for (const dryRun of ['true', 'false']) {
      const started = await startJob(calendar(3, { prefix: `alone-${dryRun}` }), { dry_run: dryRun });
      assert.equal(started.status, 202, started.text);
      assert.notEqual(started.body.phase, 'waiting', `dry_run=${dryRun}: its first answer`);
      const listed = (await server.admin<ImportJobList>('GET', `/${JOBS}`)).body.jobs.find(
        (listedJob) => listedJob.id === started.body.id,
      );
      assert.notEqual(listed?.phase, 'waiting', `dry_run=${dryRun}: in the list`);
      const seen = new Set<string>([started.body.phase]);
      const done = await until(started.body.id, (body) => (seen.add(body.phase), false));
      assert.equal(done.status, 'done');
      assert.ok(!seen.has('waiting'), `dry_run=${dryRun}: phases seen ${[...seen].join(', ')}`);
    }
  });

  test('imports run one at a time: the next one waits, and cancelling it while it waits answers at once', async () => {
    const before = snapshot(server);
    const release = holdWriteLock();
    let first: string | undefined;
    try {
      first = (await startJob(calendar(20, { prefix: 'first' }))).body.id;
      await until(first, (body) => body.phase === 'writing');
      const second = await startJob(calendar(20, { prefix: 'second' }));
      assert.equal(second.body.phase, 'waiting');
      // Answered while the first still waits for the lock: the second never started.
      const cancelled = await server.admin<ImportJob>('DELETE', `/${JOBS}/${second.body.id}`);
      assert.equal(cancelled.status, 200, cancelled.text);
      assert.equal(cancelled.body.status, 'cancelled');
      assert.equal((await job(first)).body.status, 'running');
    } finally {
      release();
    }
    const done = await until(first!, () => false);
    assert.equal(done.status, 'done');
    assert.equal(done.summary?.created, 20);
    assert.equal(
      snapshot(server).posts,
      before.posts! + 60,
      'the first only: 20 events, their 20 venues and 20 organizers',
    );
  });

  test('a worker that fails part-way is a clean error: 500 almanac_import_failed, nothing written', async () => {
    // A real failure inside the worker's transaction: SQLite refuses the 30th event's row.
    server.store.db.exec(
      "CREATE TRIGGER boom BEFORE INSERT ON posts WHEN NEW.title = 'Boom' BEGIN SELECT RAISE(ABORT, 'the disk said no'); END",
    );
    try {
      const before = snapshot(server);
      const response = await server.request('POST', '/almanac/v1/import', {
        raw: { body: calendar(60, { prefix: 'boom', boomAt: 30 }), contentType: 'text/calendar' },
        token: server.tokens.administrator,
      });
      assert.equal(response.status, 500, response.text);
      assert.equal(response.body.code, 'almanac_import_failed');
      assert.match(response.body.message, /nothing was written/);
      assert.deepEqual(snapshot(server), before);
      // As a job: failed, with the same error, and the service writes again afterwards.
      const started = await startJob(calendar(60, { prefix: 'boom2', boomAt: 10 }));
      const failed = await until(started.body.id, () => false);
      assert.equal(failed.status, 'failed');
      assert.equal(failed.error?.code, 'almanac_import_failed');
      assert.deepEqual(snapshot(server), before);
    } finally {
      server.store.db.exec('DROP TRIGGER boom');
    }
    const write = await server.admin('POST', 'events', {
      json: { title: 'After the failure', start_date: '2027-04-01 10:00:00', end_date: '2027-04-01 11:00:00' },
    });
    assert.equal(write.status, 201, write.text);
  });

  test('a job that ended well hands its warm worker to the next job; a failed one is not trusted with another', async () => {
    const jobs = server.listening.app.importJobs;
    const ended = async (body: string, query: Record<string, string> = {}) => {
      const started = await startJob(body, query);
      assert.equal(started.status, 202, started.text);
      return until(started.body.id, () => false);
    };
    assert.equal((await ended(calendar(5, { prefix: 'warm-a' }), { dry_run: 'true' })).status, 'done');
    const threads = jobs.stats.workersStarted;
    assert.equal((await ended(calendar(5, { prefix: 'warm-a' }))).status, 'done');
    assert.equal(jobs.stats.workersStarted, threads, "the import ran on its preview's thread");
    server.store.db.exec(
      "CREATE TRIGGER boom BEFORE INSERT ON posts WHEN NEW.title = 'Boom' BEGIN SELECT RAISE(ABORT, 'the disk said no'); END",
    );
    try {
      assert.equal((await ended(calendar(5, { prefix: 'warm-b', boomAt: 2 }))).status, 'failed');
    } finally {
      server.store.db.exec('DROP TRIGGER boom');
    }
    assert.equal(jobs.stats.workersStarted, threads + 1, 'a new thread waits after the failure');
    assert.equal((await ended(calendar(5, { prefix: 'warm-c' }))).status, 'done');
    assert.equal(jobs.stats.workersStarted, threads + 1, 'and takes the next job');
  });

  test("a job is its caller's: another user gets 404", async () => {
    const started = await startJob(calendar(5, { prefix: 'mine' }));
    const theirs = await server.request('GET', `/${JOBS}/${started.body.id}`, { token: server.tokens.editor });
    assert.equal(theirs.status, 404);
    assert.equal(theirs.body.code, 'almanac_no_import_job');
    await until(started.body.id, () => false);
  });
});

describe('the list of jobs (GET import-jobs): a screen opened again finds its running job', () => {
  test("the caller's jobs of the site, newest first, with their file name, start, progress and counts", async () => {
    const done = await startJob(calendar(3, { prefix: 'listed-done' }), { dry_run: 'true', file_name: 'small.ics' });
    await until(done.body.id, () => false);
    holdNextJobAt(10);
    const started = await startJob(calendar(30, { prefix: 'listed' }), { file_name: 'Spring season.ics' });
    assert.equal(started.status, 202, started.text);
    assert.equal(started.body.file_name, 'Spring season.ics');
    const id = started.body.id;
    try {
      await until(id, (body) => body.events_written >= 10);
      const list = await server.admin<ImportJobList>('GET', `/${JOBS}`);
      assert.equal(list.status, 200, list.text);
      const [running, ended] = list.body.jobs;
      assert.equal(running?.id, id, 'the newest first');
      assert.equal(running?.status, 'running');
      assert.equal(running?.phase, 'writing');
      assert.equal(running?.file_name, 'Spring season.ics');
      assert.equal(running?.events_total, 30);
      assert.equal(running?.events_written, 10);
      assert.ok(Date.parse(running!.started) <= Date.now() && Date.now() - Date.parse(running!.started) < 600_000);
      assert.equal('summary' in running!, false, 'no summary in the list');
      assert.equal(ended?.id, done.body.id);
      assert.equal(ended?.status, 'done');
      assert.equal(ended?.file_name, 'small.ics');
      assert.deepEqual(ended?.counts, { created: 3, updated: 0, skipped: 0 });
      // Another user of the site sees none of them; another site's list is its own.
      const theirs = await server.request<ImportJobList>('GET', `/${JOBS}`, { token: server.tokens.editor });
      assert.equal(theirs.status, 200, theirs.text);
      assert.equal(
        theirs.body.jobs.some((job) => job.id === id || job.id === done.body.id),
        false,
      );
      const author = await server.request('GET', `/${JOBS}`, { token: server.tokens.author });
      assert.equal(author.status, 403);
    } finally {
      await server.admin('DELETE', `/${JOBS}/${id}`);
    }
    const after = await server.admin<ImportJobList>('GET', `/${JOBS}`);
    assert.equal(after.body.jobs[0]?.status, 'cancelled');
    assert.equal(after.body.jobs[0]?.error?.code, 'almanac_import_cancelled');
  });

  test('a file name longer than 255 characters is refused, naming file_name', async () => {
    const response = await startJob(calendar(1), { file_name: `${'x'.repeat(256)}.ics` });
    assert.equal(response.status, 400, response.text);
    assert.match(JSON.stringify(response.body), /file_name/);
  });
});
