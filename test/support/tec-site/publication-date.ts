// A post's publication date as TEC writes it on every create and update of an event, venue or
// organizer (Single_Event / Single_Venue / Single_Organizer prepare_postarr): from `date` (read in
// the request's timezone) or `date_utc`; left out, it becomes now — so an update that does not send
// the date moves it (tec-reference.md: "Any update resets … the publication date").
import { has, str, type Params } from './http.ts';
import type { SiteStore } from './store.ts';
import { convertWall, parseTime, zoneFor } from './time.ts';

/** The wall clock of a written date in a zone: `2027-01-10 10:00:00`, offsets kept as written. */
export function wallOf(store: SiteStore, value: unknown, zoneName: string): string {
  const zone = zoneFor(zoneName) ?? store.siteZone;
  return parseTime(value, zone, store.clock())!.wall;
}

export function applyPublicationDate(store: SiteStore, post: { date: string; dateGmt: string }, params: Params): void {
  const site = store.siteZone;
  if (has(params, 'date')) {
    post.date = wallOf(store, params.date, str(params.timezone) || store.siteTimezoneName());
    post.dateGmt = convertWall(post.date, site, zoneFor('UTC')!);
  } else if (has(params, 'date_utc')) {
    post.dateGmt = wallOf(store, params.date_utc, 'UTC');
    post.date = convertWall(post.dateGmt, zoneFor('UTC')!, site);
  } else {
    post.date = store.nowLocal();
    post.dateGmt = store.nowGmt();
  }
}
