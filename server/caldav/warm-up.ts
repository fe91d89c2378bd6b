// What the first CalDAV read after the read worker starts would pay once, paid ahead on the worker
// as it starts (issue 30), off every request's path: V8 compiling the report, query and rendering
// code, the site zones' VTIMEZONEs (the zone's years sampled: vtimezone.ts), a pooled read
// connection and its prepared statements. Measured cold, the first calendar-query of a busy month
// cost ~100 ms of CPU against ~12 ms warm; half of that was the VTIMEZONE, most of the rest the
// code compiling. The worker runs this as it starts (read-worker.ts) — at the service's start and
// again whenever it starts after stopping idle — a step at a time, so a job that arrives meanwhile
// waits for one step at most.
//
// It reads only (the worker's read connection and a pooled one), renders this month's objects of
// each site as an administrator of the loopback address sees them (the object cache keeps them
// for the calendar apps that ask; a few hundred renderings also get V8 to optimize the rendering
// code, which a handful did not: the first query of another month then cost ~60 ms of CPU instead
// of ~30), within a time budget, and gives up on a site that fails, saying why: a warm-up never
// stops the worker or the service.
import type { Store } from '../db/store.ts';
import type { Actor } from '../domain/roles.ts';
import type { DavUser } from './auth.ts';
import { zoneBlock } from './calendar-object.ts';
import { report } from './reports.ts';
import { calendarScope } from './scope.ts';
import { parseXml } from './xml.ts';
import { REPORT_XML } from './limits.ts';

export interface WarmUpJob {
  /** The origin event pages are named with for loopback clients (DavServices.pageOrigin). */
  pageOrigin: string;
}

export interface WarmUpReport {
  /** The zones whose VTIMEZONEs were made, each for every year of `years`. */
  zones: string[];
  years: [from: number, to: number];
  /** Characters of calendar-query answers rendered (this month's objects of each site). */
  rendered: number;
  /** What failed, per site (the rest was warmed). */
  failures: string[];
  ms: number;
}

/** Sites warmed at most: each one's zone and this month's objects. */
const MAX_SITES = 8;
/** Rendering stops after this long: a month of a huge calendar is more than a warm-up needs. */
const RENDER_BUDGET_MS = 250;

const USER: DavUser = { id: 0, login: 'almanac-warm-up', displayName: '', superAdmin: true, tokenId: undefined };
const ACTOR: Actor = { userId: 0, login: USER.login, role: 'administrator' };

const compactUtc = (date: Date) => `${date.toISOString().slice(0, 10).replaceAll('-', '')}T000000Z`;

/** The calendar-query a month view makes (with calendar-data), for the UTC month of `now`. */
function monthQuery(now: Date): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return (
    '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>' +
    `<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${compactUtc(start)}" end="${compactUtc(end)}"/>` +
    '</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>'
  );
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Warms the CalDAV read path on this thread: the VTIMEZONE of each site's zone for last year
 * through three years ahead (what calendar apps ask around today; a series' object spans its
 * horizon, two years past its start), then a calendar-query of this month on each site. `pause`
 * lets other work run between two steps; `interrupted` stops a site's rendering at once (its
 * snapshot closes: a warm-up never holds one open while it waits, which would hold back the WAL's
 * checkpoints).
 */
export async function warmUp(
  store: Store,
  job: WarmUpJob,
  options: { now?: Date; pause?: () => Promise<void>; interrupted?: () => boolean } = {},
): Promise<WarmUpReport> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const pause = options.pause ?? nextTurn;
  const year = now.getUTCFullYear();
  const years: [number, number] = [year - 1, year + 3];
  const sites = store.sites.list().slice(0, MAX_SITES);
  const failures: string[] = [];
  const zones: string[] = [];
  for (const zone of new Set(sites.map((site) => site.timezone))) {
    try {
      for (let y = years[0]; y <= years[1]; y++) {
        zoneBlock(zone, y, y);
        await pause();
      }
      zones.push(zone);
    } catch (error) {
      failures.push(`the zone ${zone}: ${(error as Error).message}`);
    }
  }
  let rendered = 0;
  const renderFrom = performance.now();
  for (const site of sites) {
    if (performance.now() - renderFrom > RENDER_BUDGET_MS) break;
    try {
      const scope = calendarScope(store, site, ACTOR, USER.login, job.pageOrigin);
      for await (const chunk of report(store, USER, scope, parseXml(monthQuery(now), REPORT_XML))) {
        rendered += chunk.length;
        await nextTurn();
        // Leaving early closes the report's snapshot (its generator's return).
        if (performance.now() - renderFrom > RENDER_BUDGET_MS || options.interrupted?.()) break;
      }
    } catch (error) {
      failures.push(`the site ${site.code}: ${(error as Error).message}`);
    }
    await pause();
  }
  return { zones, years, rendered, failures, ms: Math.round(performance.now() - started) };
}
