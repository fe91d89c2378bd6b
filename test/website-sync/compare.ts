// Both sides, field by field: every paired event as Almanac's API shows it against the website's
// stored truth (the stand-in's raw snapshot, not rendered), each linked object through the pairing.
// Independent of the sync's own readers: Almanac's side comes from svc/events/v1, the website's from
// its raw store, and costs are compared through each side's own parse of the amounts.
import assert from 'node:assert/strict';
import { API } from '../support/server.ts';
import type { Pair } from './harness.ts';
import { websiteRepositories } from '../../server/db/repositories/website-sync.ts';
import { costValues } from '../support/tec-site/cost.ts';

export interface Difference {
  local: number;
  remote: number;
  field: string;
  almanac: unknown;
  website: unknown;
}

function remoteOf(
  pair: Pair,
  kind: 'venue' | 'organizer' | 'category' | 'tag' | 'image',
  localId: number,
): number | undefined {
  return websiteRepositories(pair.almanac.store.db).items.byLocal(1, kind, localId)?.remote_id ?? undefined;
}

/** Every difference between paired events (empty when both sides agree field by field). */
export async function differences(pair: Pair): Promise<Difference[]> {
  const items = websiteRepositories(pair.almanac.store.db)
    .items.all(1, 'event')
    .filter((item) => item.local_id !== null && item.remote_id !== null && item.agreed_trashed === 0);
  const snapshot = pair.website.snapshot();
  const out: Difference[] = [];
  for (const item of items) {
    const response = await pair.almanac.admin('GET', `${API}/events/${item.local_id}`);
    const raw = snapshot.events.find((event) => event.id === item.remote_id);
    const local = response.body;
    const add = (field: string, almanac: unknown, website: unknown) => {
      if (JSON.stringify(almanac) !== JSON.stringify(website))
        out.push({ local: item.local_id!, remote: item.remote_id!, field, almanac, website });
    };
    if (response.status !== 200 || !raw) {
      add('exists', response.status, raw ? raw.status : 'missing');
      continue;
    }
    const row = pair.almanac.store.posts.get(1, item.local_id!)!;
    add('title', row.title, raw.title);
    add('description', row.content, raw.content);
    add('excerpt', row.excerpt, raw.excerpt);
    add('status', local.status, raw.status);
    add('start', local.start_date, raw.startDate);
    add('end', local.end_date, raw.endDate);
    add('utc_start', local.utc_start_date, raw.utcStartDate);
    add('all_day', local.all_day, raw.allDay);
    add('timezone', local.timezone, raw.timezone);
    add('website', row.website ?? '', raw.website ?? '');
    for (const flag of ['featured', 'sticky', 'hide_from_listings', 'show_map', 'show_map_link'] as const) {
      const key =
        (
          { hide_from_listings: 'hideFromListings', show_map: 'showMap', show_map_link: 'showMapLink' } as Record<
            string,
            string
          >
        )[flag] ?? flag;
      add(flag, local[flag], (raw as unknown as Record<string, unknown>)[key]);
    }
    // Each side's own reading of the amounts (TEC reads a word as itself, "Free" → "free", and may
    // keep a separator: "10." — the same amount).
    const amounts = (values: string[]) =>
      values.map((v) => (Number.isNaN(Number(v)) ? (v.toLowerCase() === 'free' ? 0 : v) : Number(v)));
    add('cost amounts', amounts(local.cost_details.values), amounts(costValues(raw.cost)));
    if (raw.cost !== '' && local.cost_details.values.length > 0 && /\d/.test(raw.cost))
      add(
        'cost symbol',
        local.cost_details.currency_symbol || pair.almanac.store.sites.byCode('default')!.currencySymbol,
        raw.currencySymbol || '$', // the stand-in's default symbol, as TEC's
      );
    const venue = Array.isArray(local.venue) ? local.venue[0] : local.venue;
    add('venue', venue ? remoteOf(pair, 'venue', venue.id) : null, raw.venueIds[0] ?? null);
    add(
      'organizers',
      (local.organizer as { id: number }[]).map((o) => remoteOf(pair, 'organizer', o.id)),
      raw.organizerIds,
    );
    const sorted = (ids: (number | undefined)[]) => [...ids].sort((a, b) => (a ?? 0) - (b ?? 0));
    add(
      'categories',
      sorted((local.categories as { id: number }[]).map((t) => remoteOf(pair, 'category', t.id))),
      sorted(raw.categoryIds),
    );
    add('tags', sorted((local.tags as { id: number }[]).map((t) => remoteOf(pair, 'tag', t.id))), sorted(raw.tagIds));
    add('image', local.image ? remoteOf(pair, 'image', local.image.id) : null, raw.thumbnailId);
  }
  return out;
}

export async function assertSidesEqual(pair: Pair, message = ''): Promise<void> {
  const found = await differences(pair);
  assert.deepEqual(found, [], `${message}: the two sides differ`);
}

/** Venue and term names on both sides, through the pairing. */
export function linkedDifferences(pair: Pair): Difference[] {
  const repos = websiteRepositories(pair.almanac.store.db);
  const snapshot = pair.website.snapshot();
  const out: Difference[] = [];
  for (const item of repos.items.all(1, 'venue')) {
    if (item.local_id === null || item.remote_id === null) continue;
    const local = pair.almanac.store.posts.get(1, item.local_id);
    const remote = snapshot.venues.find((venue) => venue.id === item.remote_id);
    if (local?.title !== remote?.title)
      out.push({
        local: item.local_id,
        remote: item.remote_id,
        field: 'venue name',
        almanac: local?.title,
        website: remote?.title,
      });
  }
  for (const kind of ['category', 'tag'] as const) {
    for (const item of repos.items.all(1, kind)) {
      if (item.local_id === null || item.remote_id === null) continue;
      const local = pair.almanac.store.terms.get(1, item.local_id);
      const remote = (kind === 'category' ? snapshot.categories : snapshot.tags).find(
        (term) => term.id === item.remote_id,
      );
      if (local?.name !== remote?.name)
        out.push({
          local: item.local_id,
          remote: item.remote_id,
          field: `${kind} name`,
          almanac: local?.name,
          website: remote?.name,
        });
    }
  }
  return out;
}
