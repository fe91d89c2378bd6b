// CalDAV's whole-calendar reads run on CalDAV's worker (app.ts: a read worker of its own) as streams (server/caldav/dav-read.ts,
// read-worker-client.ts stream()): the same 207 as the event loop makes, errors as the same DAV
// errors, a chunk at a time as the client reads; a client that hangs up frees the worker's
// snapshot, and a worker that cannot run (or stops) leaves the event loop to answer.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startServer, type TestServer } from '../support/server.ts';
import { ReadWorker } from '../../server/read-worker/read-worker-client.ts';
import { davErrorOf, davRead, type DavReadJob } from '../../server/caldav/dav-read.ts';
import { DavError } from '../../server/caldav/errors.ts';
import { basic } from './dav-request.ts';

let server: TestServer;
const CAL = '/caldav/calendars/editor/default/';
const SYNC =
  '<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/><c:calendar-data xmlns:c="urn:ietf:params:xml:ns:caldav"/></d:prop></d:sync-collection>';

before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
  for (let i = 0; i < 250; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const made = await server.admin('POST', 'events', {
      json: { title: `Talk ${i}`, start_date: `2027-05-${day} 18:00`, end_date: `2027-05-${day} 19:00` },
    });
    assert.equal(made.status, 201, made.text);
  }
});
after(() => server?.close());

const events = () => server.store.db.prepare("SELECT count(*) FROM posts WHERE type = 'event'").pluck().get() as number;
const editor = () => server.store.users.byLogin('editor')!;
const job = (body: string): DavReadJob => ({
  kind: 'report',
  user: { id: editor().id, login: 'editor', displayName: '', superAdmin: false, tokenId: undefined },
  path: { kind: 'calendar', login: 'editor', site: 'default' },
  body,
  depth: '1',
  pageOrigin: server.url,
});

async function collect(chunks: AsyncGenerator<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

const report = (body: string) =>
  fetch(`${server.url}${CAL}`, {
    method: 'REPORT',
    body,
    headers: { authorization: basic('editor', server.tokens.editor), 'content-type': 'application/xml' },
  });

test('a report is streamed from the worker, the same 207 the event loop makes', async () => {
  const worker = server.listening.app.davWorker!;
  const before = worker.served.worker;
  const response = await report(SYNC);
  assert.equal(response.status, 207);
  const text = await response.text();
  assert.equal(worker.served.worker, before + 1);
  assert.equal((text.match(/<d:response>/g) ?? []).length, 250);
  assert.equal(await collect(davRead({ store: server.store }, job(SYNC))), text);
});

test('a refusal on the worker is the same DAV error, status and condition', async () => {
  const response = await report(
    SYNC.replace('<d:sync-token/>', '<d:sync-token>urn:almanac:sync:99999999</d:sync-token>'),
  );
  assert.equal(response.status, 403);
  assert.match(await response.text(), /<d:valid-sync-token\/>/);
  const unknown = await report('<x:frobnicate xmlns:x="urn:x"/>');
  assert.equal(unknown.status, 403);
  assert.match(await unknown.text(), /supported-report/);
  const malformed = await report('<d:sync-collection xmlns:d="DAV:">');
  assert.equal(malformed.status, 400);
});

test('a client that hangs up mid-answer frees the worker; the next request is answered', async () => {
  const worker = server.listening.app.davWorker!;
  await new Promise<void>((resolve, reject) => {
    const request = http.request(`${server.url}${CAL}`, {
      method: 'REPORT',
      headers: { authorization: basic('editor', server.tokens.editor), 'content-type': 'application/xml' },
    });
    request.on('response', (response) => {
      // Read the first chunk, then go away.
      response.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', (error) =>
      (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(error),
    );
    request.end(SYNC);
  });
  const deadline = Date.now() + 5000;
  while (worker.busy > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(worker.busy, 0, 'the stream was closed on the worker');
  // And its snapshot with it: a write, then a checkpoint that no reader holds back.
  await server.admin('POST', 'events', {
    json: { title: 'After', start_date: '2027-06-01 10:00', end_date: '2027-06-01 11:00' },
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const [checkpoint] = server.store.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  assert.equal(checkpoint!.busy, 0, 'no snapshot is left open');
  const next = await report(SYNC);
  assert.equal(next.status, 207);
  assert.equal(((await next.text()).match(/<d:response>/g) ?? []).length, 251);
});

test('a worker that cannot run: the stream is made on the event loop', async () => {
  const broken = new ReadWorker('/nonexistent/almanac.sqlite', () => {
    throw new Error('no one-answer jobs here');
  });
  broken.start(); // the worker fails to open the database and stops: the next stream runs locally
  await new Promise((resolve) => setTimeout(resolve, 50));
  const text = await collect(
    broken.stream({ kind: 'caldav', job: job(SYNC) }, () => davRead({ store: server.store }, job(SYNC)), davErrorOf),
  );
  assert.equal((text.match(/<d:response>/g) ?? []).length, events());
  assert.equal(broken.served.worker, 0);
  await broken.stop();
});

test('a worker that stops before the first chunk hands the stream to the event loop', async () => {
  const worker = new ReadWorker(server.store.db.name, () => {
    throw new Error('no one-answer jobs here');
  });
  const chunks = worker.stream(
    { kind: 'caldav', job: job(SYNC) },
    () => davRead({ store: server.store }, job(SYNC)),
    davErrorOf,
  );
  const first = chunks.next();
  await worker.stop();
  const rest = await first;
  let text = rest.done ? '' : rest.value;
  for await (const chunk of chunks) text += chunk;
  assert.equal((text.match(/<d:response>/g) ?? []).length, events());
});

test('errors cross as data: davErrorOf rebuilds the DavError', () => {
  const error = davErrorOf({ status: 412, message: 'stale', conditionContent: '', headers: { a: 'b' } });
  assert.ok(error instanceof DavError);
  assert.equal(error.status, 412);
  assert.deepEqual(error.headers, { a: 'b' });
});
