// CalDAV's worker (a read worker of its own) warms CalDAV's read path as it starts (server/caldav/warm-up.ts, issue 30): the
// site zones' VTIMEZONEs and this month's objects, so the first calendar-query after a start does
// not pay for them. Speed is the bench's to measure (npm run bench:caldav); here, what the worker
// tells of itself: the warm-up's report, and how many zone-years its VTIMEZONEs have sampled.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import { ReadWorker, type ReadWorkerStats } from '../../server/read-worker/read-worker-client.ts';
import { davErrorOf, davRead, type DavReadJob } from '../../server/caldav/dav-read.ts';
import { basic } from './dav-request.ts';

const servers: TestServer[] = [];
const workers: ReadWorker[] = [];
after(async () => {
  for (const worker of workers) await worker.stop();
  for (const server of servers) await server.close();
});

async function serverWith(timezone: string): Promise<TestServer> {
  const server = await startServer({ timezone });
  servers.push(server);
  return server;
}

/** The worker's stats once its warm-up is done (it starts after a moment idle; from the sources, seconds under load). */
async function warmedUp(worker: ReadWorker): Promise<ReadWorkerStats> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const stats = await worker.stats();
    if (stats?.warmedUp) return stats;
    assert.ok(Date.now() < deadline, 'the warm-up did not finish within a minute');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
/** YYYY-MM of the month `months` after this one (UTC). */
function monthFromNow(months: number): string {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;
}

const monthQuery = (month: string) => {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const next = mm === 12 ? `${year + 1}0101` : `${year}${pad(mm + 1)}01`;
  return `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${month.replace('-', '')}01T000000Z" end="${next}T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;
};

test("as the worker starts it makes the site zone's VTIMEZONE: the first calendar-query after it samples no zone-year", async () => {
  const server = await serverWith('Europe/Berlin');
  // Events this month (the warm-up renders them, making this year's VTIMEZONE) and in June next
  // year (it does not: the query below renders them, with next year's VTIMEZONE).
  const june = `${new Date().getUTCFullYear() + 1}-06`;
  for (const [month, title] of [
    [monthFromNow(0), 'This month'],
    [june, 'Next June, first'],
    [june, 'Next June, second'],
  ] as const) {
    const made = await server.admin('POST', 'events', {
      json: { title, start_date: `${month}-15 18:00`, end_date: `${month}-15 19:00` },
    });
    assert.equal(made.status, 201, made.text);
  }
  const worker = server.listening.app.davWorker!;
  worker.start(); // as the service does once it listens (service.ts)
  const stats = await warmedUp(worker);
  const year = new Date().getUTCFullYear();
  assert.deepEqual(stats.warmedUp!.zones, ['Europe/Berlin']);
  assert.deepEqual(stats.warmedUp!.years, [year - 1, year + 3]);
  assert.deepEqual(stats.warmedUp!.failures, []);
  assert.ok(stats.warmedUp!.rendered > 0, 'this month was rendered');
  assert.ok(stats.zoneYearsSampled > 0);

  const response = await fetch(`${server.url}/caldav/calendars/editor/default/`, {
    method: 'REPORT',
    body: monthQuery(june),
    headers: { authorization: basic('editor', server.tokens.editor), 'content-type': 'application/xml', depth: '1' },
  });
  assert.equal(response.status, 207);
  const text = await response.text();
  assert.equal((text.match(/<d:response>/g) ?? []).length, 2);
  assert.match(text, /BEGIN:VTIMEZONE/);
  const afterQuery = await worker.stats();
  assert.equal(afterQuery?.zoneYearsSampled, stats.zoneYearsSampled, 'the query found its VTIMEZONE made');
  assert.equal(worker.served.worker, 1, 'and the worker answered it');
});

test('an empty calendar: the warm-up finishes with nothing to render', async () => {
  const server = await serverWith('Asia/Tokyo');
  const worker = server.listening.app.davWorker!;
  worker.start();
  const { warmedUp: report } = await warmedUp(worker);
  assert.deepEqual(report!.zones, ['Asia/Tokyo']);
  assert.deepEqual(report!.failures, []);
  assert.doesNotMatch(String(report!.rendered), /NaN/);
  assert.ok(report!.rendered < 500, `only the answer's frame (${report!.rendered} characters)`);
});

test('a warm-up that fails is logged, not shown as a problem, and the worker goes on serving', async () => {
  const server = await serverWith('America/New_York');
  // A zone this machine's time zone database does not know (one renamed since it was stored).
  server.store.sites.create({
    code: 'elsewhere',
    title: 'Elsewhere',
    timezone: 'Nowhere/Atlantis',
    language: 'en_US',
    currency: { symbol: '$', position: 'prefix', code: 'USD' },
  });
  const failures: string[] = [];
  const problems: string[] = [];
  const worker = new ReadWorker(
    server.store.db.name,
    () => {
      throw new Error('no one-answer jobs here');
    },
    (line) => problems.push(line),
    undefined,
    { job: () => ({ pageOrigin: server.url }), onFailure: (line) => failures.push(line) },
  );
  workers.push(worker);
  worker.start();
  const { warmedUp: report } = await warmedUp(worker);
  assert.deepEqual(report!.zones, ['America/New_York'], 'the other zones are warmed');
  assert.match(failures.join('\n'), /read worker warm-up: the zone Nowhere\/Atlantis: .*Nowhere\/Atlantis/);
  assert.deepEqual(problems, []);

  const editor = server.store.users.byLogin('editor')!;
  const job: DavReadJob = {
    kind: 'report',
    user: { id: editor.id, login: 'editor', displayName: '', superAdmin: false, tokenId: undefined },
    path: { kind: 'calendar', login: 'editor', site: 'default' },
    body: monthQuery(monthFromNow(0)),
    depth: '1',
    pageOrigin: server.url,
  };
  let text = '';
  for await (const chunk of worker.stream(
    { kind: 'caldav', job },
    () => davRead({ store: server.store }, job),
    davErrorOf,
  ))
    text += chunk;
  assert.match(text, /<d:multistatus/);
  assert.equal(worker.served.worker, 1);
});

test('without a warm-up set up the worker does none', async () => {
  const server = servers[0]!;
  const worker = new ReadWorker(server.store.db.name, () => {
    throw new Error('no one-answer jobs here');
  });
  workers.push(worker);
  worker.start();
  await worker.stats(); // answered once it is up
  await new Promise((resolve) => setTimeout(resolve, 1000)); // a warm-up would start 200 ms after
  const stats = await worker.stats();
  assert.equal(stats?.warmedUp, undefined);
  assert.equal(stats?.zoneYearsSampled, 0);
});
