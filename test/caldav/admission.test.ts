// Expensive CalDAV requests take turns (issue 37, admission.ts): one caller's run one at a time in
// the order they came, a short line waits, the request past it is answered 429 with Retry-After;
// another caller — a calendar app syncing as usual — is not held up; at most MAX_RUNNING run at
// once overall. Checked by statuses, counts and the order of answers, never by times: the first
// request is held open by sending its headers and not yet its body.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startServer, type TestServer } from '../support/server.ts';
import { basic, calendarOf, davRequests } from './dav-request.ts';
import {
  ADMISSION_LIMITS,
  Admission,
  CHEAP_BODY_BYTES,
  MAX_RUNNING,
  MAX_WAITING_PER_CALLER,
  isExpensive,
} from '../../server/caldav/admission.ts';

const CAL = '/caldav/calendars/editor/default/';
const NS = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"';
const SYNC = `<d:sync-collection ${NS}><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

let server: TestServer;
const dav = davRequests(() => server);
const admissionOf = (s: TestServer) => s.listening.app.calDavOptions.admission!;

/**
 * A bound on waiting for the server's counters, so that a server without turns fails rather than
 * hangs: far beyond what the slowest machine takes (a hang guard, not a measure of speed).
 */
const GUARD_MS = 5 * 60_000;

/** Resolves once `condition` holds (the server's counters move as requests arrive); throws past GUARD_MS. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + GUARD_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the server’s counters never got there');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const event = (uid: string) =>
  calendarOf([`UID:${uid}`, 'DTSTAMP:20260101T000000Z', 'DTSTART:20270601T100000Z', 'SUMMARY:Turns']);

/** Requests held open, closed at the end whatever happened (the server waits for them to close). */
const held: http.ClientRequest[] = [];

/** A PUT whose headers are sent now and whose body when `finish` is called. */
function heldPut(path: string, body: string, token: string) {
  const request = http.request(`${server.url}${path}`, {
    method: 'PUT',
    headers: {
      authorization: basic('editor', token),
      'content-type': 'text/calendar',
      'content-length': String(Buffer.byteLength(body)),
    },
  });
  const answer = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  held.push(request);
  return { answer, finish: () => request.end(body) };
}

before(async () => {
  // Requests wait as long as this machine takes (the default refuses after MAX_WAIT_MS).
  server = await startServer({
    timezone: 'Europe/Berlin',
    app: { calDavAdmission: { ...ADMISSION_LIMITS, maxWaitMs: 10 * 60_000 } },
  });
});
after(async () => {
  for (const request of held) request.destroy();
  await server?.close();
});

const GUARD = { timeout: GUARD_MS + 60_000 };

describe('one caller’s expensive requests take turns', () => {
  test(
    'they run one at a time in order; past the line, 429 with Retry-After; others are not held up',
    GUARD,
    async () => {
      const admission = admissionOf(server);
      const admitted = admission.stats.admitted;
      const first = heldPut(`${CAL}held.ics`, event('held@tests'), server.tokens.editor);
      // Its turn is taken before its body is read: it now holds the editor's turn, body unsent.
      await until(() => admission.stats.admitted === admitted + 1);

      const order: string[] = [];
      first.answer.then(() => order.push('held'));
      const queued = Array.from({ length: MAX_WAITING_PER_CALLER }, (_, i) =>
        dav('REPORT', CAL, { body: SYNC }).then((response) => {
          order.push(`report ${i}`);
          return response;
        }),
      );
      // (or until one is answered, which a server without turns does at once)
      await until(() => admission.stats.waiting === MAX_WAITING_PER_CALLER || order.length > 0);

      const refused = await dav('REPORT', CAL, { body: SYNC });
      assert.equal(refused.status, 429);
      assert.match(refused.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
      assert.match(refused.text, /Too many expensive requests/);
      assert.equal(order.length, 0, 'nothing of the editor’s has been answered yet');

      // The editor's cheap requests are answered meanwhile; so is another caller's whole sync.
      assert.equal((await dav('PROPFIND', CAL, { body: '', headers: { depth: '0' } })).status, 207);
      const { waited, refused: refusals } = admission.stats;
      const other = '/caldav/calendars/author/default/';
      const as = 'author';
      assert.equal((await dav('PROPFIND', other, { body: '', headers: { depth: '0' }, as })).status, 207);
      assert.equal((await dav('PROPFIND', other, { body: '', headers: { depth: '1' }, as })).status, 207);
      const put = await dav('PUT', `${other}mine.ics`, {
        body: event('mine@tests'),
        headers: { 'content-type': 'text/calendar' },
        as,
      });
      assert.equal(put.status, 201);
      const sync = await dav('REPORT', other, { body: SYNC, as });
      assert.equal(sync.status, 207);
      assert.match(sync.text, /mine\.ics/);
      const multiget = await dav('REPORT', other, {
        body: `<c:calendar-multiget ${NS}><d:prop><d:getetag/><c:calendar-data/></d:prop><d:href>${other}mine.ics</d:href></c:calendar-multiget>`,
        as,
      });
      assert.equal(multiget.status, 207);
      assert.match(multiget.text, /UID:mine@tests/);
      assert.equal((await dav('GET', `${other}mine.ics`, { as })).status, 200);
      assert.equal((await dav('DELETE', `${other}mine.ics`, { as })).status, 204);
      assert.equal(admission.stats.waited, waited, 'none of it waited');
      assert.equal(admission.stats.refused, refusals, 'none of it was refused');
      assert.equal(order.length, 0, 'and the editor’s expensive requests still wait');

      first.finish();
      assert.equal(await first.answer, 201);
      const answers = await Promise.all(queued);
      assert.deepEqual(
        answers.map((response) => response.status),
        queued.map(() => 207),
      );
      assert.deepEqual(order, ['held', ...queued.map((_, i) => `report ${i}`)], 'one at a time, in order');
      assert.ok(admission.stats.peakRunning <= MAX_RUNNING);
      assert.equal(admission.stats.waiting, 0);
    },
  );

  test('a request whose client goes away while it waits gives its place up', GUARD, async () => {
    const admission = admissionOf(server);
    const admitted = admission.stats.admitted;
    const first = heldPut(`${CAL}held-2.ics`, event('held-2@tests'), server.tokens.editor);
    await until(() => admission.stats.admitted === admitted + 1);
    const gone = new AbortController();
    const leaving = fetch(`${server.url}${CAL}`, {
      method: 'REPORT',
      body: SYNC,
      headers: { authorization: basic('editor', server.tokens.editor), 'content-type': 'application/xml' },
      signal: gone.signal,
    }).catch(() => 'aborted');
    await until(() => admission.stats.waiting === 1);
    gone.abort();
    assert.equal(await leaving, 'aborted');
    await until(() => admission.stats.waiting === 0);
    first.finish();
    assert.equal(await first.answer, 201);
    // The line is empty again: the next request runs at once.
    const waited = admission.stats.waited;
    assert.equal((await dav('REPORT', CAL, { body: SYNC })).status, 207);
    assert.equal(admission.stats.waited, waited);
  });
});

describe('the shared slots (Admission on its own)', () => {
  const limits = { waitingPerCaller: 2, running: 2, waiting: 1, maxWaitMs: 60_000 };
  const live = () => new AbortController().signal;

  test('at most `running` at once across callers; the next takes the slot given back', async () => {
    const admission = new Admission(limits);
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map((caller) => admission.admit(caller, live())));
    await a!.slot();
    await b!.slot();
    let cRuns = false;
    const cSlot = c!.slot().then(() => (cRuns = true));
    // The shared line holds one: the fourth caller is refused, with when to come back.
    await assert.rejects(d!.slot(), (error: { status: number; headers: Record<string, string> }) => {
      assert.equal(error.status, 503);
      assert.match(error.headers['retry-after']!, /^[1-9]\d*$/);
      return true;
    });
    assert.equal(admission.stats.running, 2);
    assert.equal(cRuns, false);
    a!.done();
    await cSlot;
    assert.equal(admission.stats.running, 2);
    assert.equal(admission.stats.peakRunning, 2);
    for (const admitted of [b, c, d]) admitted!.done();
    assert.equal(admission.stats.running, 0);
  });

  test('a wait past maxWaitMs: 429 behind the caller’s own requests, 503 behind everyone’s', async () => {
    const admission = new Admission({ ...limits, running: 1, maxWaitMs: 1 });
    const a = await admission.admit('a', live());
    await assert.rejects(admission.admit('a', live()), (error: { status: number; message: string }) => {
      assert.equal(error.status, 429, 'the caller sent too many');
      assert.match(error.message, /busy with other requests from you/);
      return true;
    });
    await a.slot();
    const b = await admission.admit('b', live());
    await assert.rejects(b.slot(), (error: { status: number; message: string }) => {
      assert.equal(error.status, 503, 'the service is busy');
      assert.match(error.message, /busy with other requests for everyone/);
      return true;
    });
    assert.equal(admission.stats.refused, 2);
  });
});

test('what counts as expensive: what real clients sync with does not', () => {
  const shape = (method: string, extra: Partial<Parameters<typeof isExpensive>[0]> = {}) =>
    isExpensive({ method, calendar: true, depth: '0', contentLength: '300', chunked: false, ...extra });
  // A sync's requests: the calendar's CTag, an object's GET, a DELETE, a PROPPATCH of a colour.
  for (const method of ['PROPFIND', 'GET', 'HEAD', 'DELETE', 'PROPPATCH', 'OPTIONS'])
    assert.equal(shape(method), false, method);
  assert.equal(shape('PROPFIND', { calendar: false, depth: '1' }), false, 'a home’s calendars');
  // Apple's home PROPFIND (~2.5 KB) is the largest body a client sends.
  assert.equal(shape('PROPFIND', { contentLength: '2500' }), false);
  assert.equal(shape('PROPFIND', { depth: '1' }), true, 'every object of a calendar');
  assert.equal(shape('PUT'), true);
  assert.equal(shape('REPORT'), true);
  assert.equal(shape('PROPFIND', { contentLength: String(CHEAP_BODY_BYTES + 1) }), true);
  assert.equal(shape('PROPPATCH', { contentLength: undefined, chunked: true }), true, 'a body of unknown length');
});
