// The victim of the hostile-load run, in a process of its own (forked with IPC) so that the
// attackers' answers take none of its CPU: an ordinary client that keeps asking — a page of the
// REST list (the event loop), a search (the REST API's read worker) and one event, a calendar
// app's PROPFIND and GET — and now and then writes an event. Each latency is kept, with its kind;
// on `stop` it answers them, and the events it created.
export interface VictimStart {
  url: string;
  token: string;
  login: string;
  objectPath: string;
  eventId: number;
}

export interface VictimReport {
  latencies: number[];
  /** What each latency was of (same order): where the victim waited. */
  kinds: VictimKind[];
  failures: string[];
  created: number[];
}

let running = false;
let done: Promise<void> = Promise.resolve();
export type VictimKind = 'rest-list' | 'rest-search' | 'rest-event' | 'dav-propfind' | 'dav-get' | 'rest-write';
const KINDS: VictimKind[] = ['rest-list', 'rest-search', 'rest-event', 'dav-propfind', 'dav-get'];

let report: VictimReport = { latencies: [], kinds: [], failures: [], created: [] };

async function loop(start: VictimStart): Promise<void> {
  const bearer = { authorization: `Bearer ${start.token}` };
  const basic = { authorization: `Basic ${Buffer.from(`${start.login}:${start.token}`).toString('base64')}` };
  const calendar = `${start.url}/caldav/calendars/${start.login}/default/`;
  const requests: (() => Promise<Response>)[] = [
    // A page of the list: answered on the event loop (or from the response cache).
    () => fetch(`${start.url}/svc/events/v1/events?per_page=20`, { headers: bearer }),
    // A search: answered by the REST API's read worker (a page size of its own each time, so the
    // response cache does not answer it instead) — where it waited behind CalDAV's chunks before.
    () => fetch(`${start.url}/svc/events/v1/events?search=Seeded&per_page=${10 + (n % 20)}`, { headers: bearer }),
    () => fetch(`${start.url}/svc/events/v1/events/${start.eventId}`, { headers: bearer }),
    () =>
      fetch(calendar, {
        method: 'PROPFIND',
        headers: { ...basic, depth: '0', 'content-type': 'application/xml' },
        body: '<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/><d:sync-token/></d:prop></d:propfind>',
      }),
    () => fetch(`${start.url}${start.objectPath}`, { headers: basic }),
  ];
  let n = 0;
  while (running) {
    const write = n % 10 === 9;
    const started = performance.now();
    try {
      const response = write
        ? await fetch(`${start.url}/svc/events/v1/events`, {
            method: 'POST',
            headers: { ...bearer, 'content-type': 'application/json' },
            body: JSON.stringify({
              title: `Victim ${n}`,
              start_date: '2027-03-01 10:00',
              end_date: '2027-03-01 11:00',
            }),
          })
        : await requests[n % requests.length]!();
      const text = await response.text();
      report.latencies.push(performance.now() - started);
      report.kinds.push(write ? 'rest-write' : KINDS[n % KINDS.length]!);
      if (response.status >= 300) report.failures.push(`${response.status} ${text.slice(0, 200)}`);
      else if (write) report.created.push((JSON.parse(text) as { id: number }).id);
    } catch (error) {
      report.failures.push(String(error));
    }
    n++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

process.on('message', (message: { start: VictimStart } | { stop: true }) => {
  if ('start' in message) {
    report = { latencies: [], kinds: [], failures: [], created: [] };
    running = true;
    done = loop(message.start);
  } else {
    running = false;
    // The request under way finishes first (it is measured too).
    void done.then(() => process.send!(report));
  }
});
