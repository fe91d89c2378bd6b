// `modified` has a resolution of one second (tec-website.md, "changed since"): an edit made on the
// website in the same second as the sync's own write keeps the modified_gmt the sync recorded, and
// would pass for our own write coming back. So an entry whose modified_gmt is the one recorded is
// still compared with what the sync last knew of the object, field by field as far as the answer
// at hand shows them: a core entry shows the raw text, the status, TEC's meta (dates, zone, cost,
// website, venue, organizers), terms and the image; a v1 answer shows the flags too. A change that
// only the other answer could show (a flag edited within that same second) waits for the sweep.
import type { EventFields, Fields } from './fields.ts';
import { idSet, sameValue } from './fields.ts';
import { rawOf, wall, type Json } from './remote-read.ts';
import { remoteCost } from './cost.ts';
import { decodeEntities } from '../domain/html.ts';
import type { Pairings } from './pairings.ts';
import type { ItemKind } from '../db/repositories/website-items.ts';

const bool = (value: unknown) => value === true || value === 'yes' || value === '1' || value === 1 || value === 'true';
const list = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : value ? [Number(value)] : []);

/** Almanac's ids of website ids (-1 where there is no pair: never equal to a known id). */
function local(pairs: Pairings, kind: ItemKind, ids: number[]): number[] {
  return ids.map((id) => pairs.localId(kind, id) ?? -1);
}

/** Whether a core events-feed entry shows exactly what the sync last knew of the event. */
export function coreEntryUnchanged(entry: Json, known: Fields, pairs: Pairings, websiteSymbol: string): boolean {
  const f = known as EventFields;
  const meta = (entry.meta ?? {}) as Json;
  const status = String(entry.status ?? '');
  const checks: [unknown, unknown][] = [
    [rawOf(entry.title), f.title],
    [rawOf(entry.content), f.description],
    [rawOf(entry.excerpt), f.excerpt],
    [status, f.status],
  ];
  if (meta._EventStartDate !== undefined) {
    checks.push(
      [wall(meta._EventStartDate), f.start],
      [wall(meta._EventEndDate), f.end],
      [String(meta._EventTimezone ?? ''), f.timezone],
      [bool(meta._EventAllDay), f.all_day],
      [remoteCost(String(meta._EventCost ?? ''), websiteSymbol), f.cost],
      [String(meta._EventURL ?? ''), f.website],
      [local(pairs, 'venue', list(meta._EventVenueID))[0] ?? null, f.venue],
      [JSON.stringify(local(pairs, 'organizer', list(meta._EventOrganizerID))), JSON.stringify(f.organizers)],
    );
  }
  if (Array.isArray(entry.tribe_events_cat))
    checks.push([
      JSON.stringify(idSet(local(pairs, 'category', list(entry.tribe_events_cat)))),
      JSON.stringify(f.categories),
    ]);
  if (Array.isArray(entry.tags))
    checks.push([JSON.stringify(idSet(local(pairs, 'tag', list(entry.tags)))), JSON.stringify(f.tags)]);
  if (entry.featured_media !== undefined) {
    const media = Number(entry.featured_media);
    checks.push([media > 0 ? (pairs.localId('image', media) ?? -1) : null, f.image]);
  }
  return checks.every(([a, b]) => sameValue(a as never, b as never));
}

/**
 * Text as plain words, for telling whether a rendered text (v1's: texturized, entity-encoded, in
 * paragraphs) can come from a raw one: tags, entities, typographic quotes and dashes and spacing
 * set aside. A loose test — a difference means "read it again", never "this is the new value".
 */
export function plainWords(text: string): string {
  return decodeEntities(text.replace(/<[^>]*>/g, ' '))
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u00d7/g, 'x')
    .replace(/-+/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a v1 event shows what the sync last knew of it: its structure exactly, its text as far as rendered text tells. */
export function v1EventUnchanged(event: Json, known: Fields, pairs: Pairings): boolean {
  const f = known as EventFields;
  const ids = (value: unknown) =>
    (Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : []).map((item) =>
      Number((item as Json).id),
    );
  const image = event.image && typeof event.image === 'object' ? Number((event.image as Json).id) : 0;
  const checks: [unknown, unknown][] = [
    [plainWords(String(event.title ?? '')), plainWords(f.title)],
    [plainWords(String(event.description ?? '')), plainWords(f.description)],
    [wall(event.start_date), f.start],
    [wall(event.end_date), f.end],
    [String(event.timezone ?? ''), f.timezone],
    [event.all_day === true, f.all_day],
    [event.featured === true, f.featured],
    [event.sticky === true, f.sticky],
    [event.hide_from_listings === true, f.hide_from_listings],
    [event.show_map === true, f.show_map],
    [event.show_map_link === true, f.show_map_link],
    [local(pairs, 'venue', ids(event.venue))[0] ?? null, f.venue],
    [JSON.stringify(local(pairs, 'organizer', ids(event.organizer))), JSON.stringify(f.organizers)],
    [JSON.stringify(idSet(local(pairs, 'category', ids(event.categories)))), JSON.stringify(f.categories)],
    [JSON.stringify(idSet(local(pairs, 'tag', ids(event.tags)))), JSON.stringify(f.tags)],
    [image > 0 ? (pairs.localId('image', image) ?? -1) : null, f.image],
  ];
  return checks.every(([a, b]) => sameValue(a as never, b as never));
}
