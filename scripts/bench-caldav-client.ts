// The client side of bench-caldav.ts, in a process of its own (forked with IPC): a calendar app's
// requests against the server, timed here. For each request from the bench it runs a floor
// (PROPFIND Depth 0), a month's calendar-query, an initial sync (sync-collection, then
// calendar-multiget in batches of 100; it asks the server to watch its event loop meanwhile),
// incremental syncs after 10 changes made through the REST API, and the month again, and answers
// with the medians.
import { serverCpuMs } from './bench-forked-client.ts';
export interface ClientRequest {
  url: string;
  login: string;
  token: string;
  /** YYYY-MM of the month to query. */
  month: string;
  expectedObjects: number;
  repeats: number;
}

export interface ClientReport {
  floorMs: number;
  /** The month's calendar-query before the sync (the first run's: nothing rendered yet). */
  monthFirstMs: number;
  /** The server process's CPU time (every thread) during that query. */
  monthFirstCpuMs: number;
  initialSyncMs: number;
  incrementalMs: number;
  monthMs: number;
  monthObjects: number;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

async function measure(request: ClientRequest): Promise<ClientReport> {
  const auth = `Basic ${Buffer.from(`${request.login}:${request.token}`).toString('base64')}`;
  const calendar = `${request.url}/caldav/calendars/${request.login}/default/`;
  async function dav(method: string, url: string, body: string, depth = '1') {
    const started = performance.now();
    const response = await fetch(url, {
      method,
      body,
      headers: { authorization: auth, depth, 'content-type': 'application/xml; charset=utf-8' },
    });
    const text = await response.text();
    if (response.status !== 207) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
    return { ms: performance.now() - started, text };
  }
  const syncBody = (token: string) =>
    `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
  const hrefsOf = (text: string) => [...text.matchAll(/<d:href>([^<]+\.ics)<\/d:href>/g)].map((m) => m[1]!);
  const tokenOf = (text: string) => /<d:sync-token>([^<]+)</.exec(text)![1]!;

  const floor: number[] = [];
  for (let i = 0; i < request.repeats * 2; i++)
    floor.push(
      (
        await dav(
          'PROPFIND',
          calendar,
          '<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/><d:sync-token/></d:prop></d:propfind>',
          '0',
        )
      ).ms,
    );

  // A month, with calendar-data: the query a calendar view makes.
  const [year, mm] = request.month.split('-').map(Number) as [number, number];
  const next = mm === 12 ? `${year + 1}0101` : `${year}${String(mm + 1).padStart(2, '0')}01`;
  const query = `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${request.month.replace('-', '')}01T000000Z" end="${next}T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;
  const cpuBefore = await serverCpuMs();
  const monthFirstMs = (await dav('REPORT', calendar, query)).ms;
  const monthFirstCpuMs = (await serverCpuMs()) - cpuBefore;

  // Initial sync: hrefs and ETags, then every object, 100 at a time, the server's loop watched.
  process.send!({ loop: 'start' });
  const started = performance.now();
  const list = await dav('REPORT', calendar, syncBody(''));
  const hrefs = hrefsOf(list.text);
  let objects = 0;
  for (let at = 0; at < hrefs.length; at += 100) {
    const got = await dav(
      'REPORT',
      calendar,
      `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>${hrefs
        .slice(at, at + 100)
        .map((href) => `<d:href>${href}</d:href>`)
        .join('')}</c:calendar-multiget>`,
    );
    objects += (got.text.match(/<d:status>HTTP\/1.1 200 OK<\/d:status>/g) ?? []).length;
  }
  const initialSyncMs = performance.now() - started;
  process.send!({ loop: 'stop' });
  if (objects !== request.expectedObjects)
    throw new Error(`initial sync fetched ${objects} objects, expected ${request.expectedObjects}`);

  // Incremental: 10 changes through the REST API, then sync-collection from the token.
  const api = `${request.url}/svc/events/v1`;
  const incremental: number[] = [];
  let token = tokenOf(list.text);
  for (let run = 0; run < request.repeats; run++) {
    for (let i = 0; i < 10; i++) {
      const page = 1 + Math.floor(Math.random() * 1000);
      const found = (await (await fetch(`${api}/events?per_page=1&page=${page}&start_date=2000-01-01`)).json()) as {
        events?: { id: number }[];
      };
      const id = found.events?.[0]?.id;
      if (id === undefined) continue;
      await fetch(`${api}/events/${id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${request.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Changed ${run}-${i}` }),
      });
    }
    const delta = await dav('REPORT', calendar, syncBody(token));
    incremental.push(delta.ms);
    token = tokenOf(delta.text);
  }

  // The month again, after the changes: what a calendar view asks while the organizer works.
  const monthly: number[] = [];
  let monthObjects = 0;
  for (let run = 0; run < request.repeats; run++) {
    const got = await dav('REPORT', calendar, query);
    monthly.push(got.ms);
    monthObjects = (got.text.match(/<d:response>/g) ?? []).length;
  }
  return {
    floorMs: median(floor),
    monthFirstMs,
    monthFirstCpuMs,
    initialSyncMs,
    incrementalMs: median(incremental),
    monthMs: median(monthly),
    monthObjects,
  };
}

process.on('message', (request: ClientRequest | { cpuMs: number }) => {
  if ('cpuMs' in request) return; // serverCpuMs's answer
  measure(request).then(
    (report) => process.send!(report),
    (error: Error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.on('disconnect', () => process.exit(0));
