// Event rows → the reference's event object (tec-reference §1.1), every key in order.
// Relations of a whole page are loaded in a handful of queries (no N+1).
import type { RequestContext } from '../../http/context.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import type { TermRow } from '../../db/repositories/terms.ts';
import { costDetails, formatCost, type StoredCost } from '../../domain/cost.ts';
import { dateDetails, isoFromWalls } from '../../domain/dates.ts';
import { autop, escapeHtml } from '../../domain/html.ts';
import { flag, presentImage, type Json } from '../shared/json-parts.ts';
import { EVENT_FLAG_NAMES, EVENT_FLAGS } from '../../../contract/constants.ts';
import { organizerJsonLd, presentOrganizer, presentVenue, venueJsonLd } from '../linked/linked-json.ts';
import { presentEmbeddedTerm } from '../terms/term-json.ts';
import { globalId, permalink, restUrl } from '../shared/urls.ts';
import { overlayPosts, overlayTerms, servedLanguage } from '../../operations/translations.ts';

interface Relations {
  venues: Map<number, number[]>;
  organizers: Map<number, number[]>;
  categories: Map<number, TermRow[]>;
  tags: Map<number, TermRow[]>;
  posts: Map<number, PostRow>;
  counts: Map<number, number>;
  /** Ids whose translation_language variant was laid over the base text. */
  translatedPosts: Set<number>;
  translatedTerms: Set<number>;
}

function loadRelations(ctx: RequestContext, rows: PostRow[], language: string | undefined): Relations {
  const { posts, terms } = ctx.store;
  const siteId = ctx.site.id;
  const ids = rows.map((r) => r.id);
  const { venue: venues, organizer: organizers } = posts.linksOfMany(siteId, ids);
  const { category: categories, tag: tags } = terms.termsOfPosts(siteId, ids);
  const linkedIds = [...venues.values(), ...organizers.values()].flat();
  const linked = posts.getMany(siteId, linkedIds);
  const imageIds = [...rows, ...linked.values()].map((r) => r.image_id).filter((id): id is number => id !== null);
  for (const [id, row] of posts.getMany(siteId, imageIds)) linked.set(id, row);
  // The term rows carry their stored counts: no second query.
  const counts = new Map<number, number>();
  for (const term of [...categories.values(), ...tags.values()].flat()) counts.set(term.id, term.count ?? 0);
  const relations: Relations = {
    venues,
    organizers,
    categories,
    tags,
    posts: linked,
    counts,
    translatedPosts: new Set(),
    translatedTerms: new Set(),
  };
  if (language) {
    const overlaid = overlayPosts(ctx, [...linked.values()], language);
    for (const row of overlaid.rows) linked.set(row.id, row);
    relations.translatedPosts = overlaid.translated;
    for (const map of [categories, tags]) {
      for (const [postId, list] of map) {
        const result = overlayTerms(ctx, list, language);
        map.set(postId, result.terms);
        result.translated.forEach((id) => relations.translatedTerms.add(id));
      }
    }
  }
  return relations;
}

function storedCost(row: PostRow): StoredCost {
  return {
    raw: row.cost_raw ? (JSON.parse(row.cost_raw) as string[]) : [],
    symbol: row.cost_symbol ?? '',
    position: row.cost_position === 'prefix' || row.cost_position === 'postfix' ? row.cost_position : '',
  };
}

interface EventPresentOptions {
  single?: boolean;
  /** Ids of password-protected events whose password the caller gave (or may edit). */
  unlocked?: Set<number>;
  /** The requested translation_language, if any. */
  translation?: string;
}

const EMPTY_COST = { currency_symbol: '', currency_code: '', currency_position: '', values: [] };

function eventJsonLd(ctx: RequestContext, row: PostRow, event: Json, venues: PostRow[], organizers: PostRow[]): Json {
  const ld: Json = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: row.title,
    description: escapeHtml(autop(row.excerpt)),
    url: event.url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: isoFromWalls(row.start_local ?? '', row.start_utc ?? ''),
    endDate: isoFromWalls(row.end_local ?? '', row.end_utc ?? ''),
  };
  if (event.image) ld.image = (event.image as Json).url;
  if (venues[0]) ld.location = venueJsonLd(venues[0]);
  if (organizers[0]) ld.organizer = organizerJsonLd(organizers[0]);
  const values = (event.cost_details as { values: string[] }).values;
  if (values.length > 0) {
    ld.offers = {
      '@type': 'Offer',
      price: values[0],
      priceCurrency: ctx.site.currencyCode,
      url: event.url,
      category: 'primary',
      availability: 'inStock',
      validFrom: `${row.date_utc.slice(0, 10)}T00:00:00+00:00`,
    };
  }
  ld.performer = 'Organization';
  return ld;
}

function presentOne(
  ctx: RequestContext,
  row: PostRow,
  relations: Relations,
  options: EventPresentOptions,
  translated: Set<number>,
): Json {
  const locked = row.password !== '' && !(options.unlocked?.has(row.id) ?? false);
  const url = permalink(ctx, 'event', row.slug);
  const linkedRows = (ids: number[] | undefined) =>
    (ids ?? [])
      .map((id) => relations.posts.get(id))
      .filter((p): p is PostRow => p !== undefined && p.status !== 'trash');
  const venueRows = linkedRows(relations.venues.get(row.id));
  const organizerRows = linkedRows(relations.organizers.get(row.id));
  const served = (set: Set<number>, id: number) => servedLanguage(ctx, options.translation, set, id);
  const embed = (linked: PostRow) => ({
    single: options.single,
    images: relations.posts,
    translation: served(relations.translatedPosts, linked.id),
    locked: linked.password !== '',
  });
  const venues = venueRows.map((v) => presentVenue(ctx, v, embed(v)));
  const organizers = organizerRows.map((o) => presentOrganizer(ctx, o, embed(o)));
  const terms = (list: TermRow[] | undefined) =>
    (list ?? []).map((t) =>
      presentEmbeddedTerm(ctx, t, relations.counts.get(t.id) ?? 0, served(relations.translatedTerms, t.id)),
    );
  const cost = storedCost(row);
  const tz = row.timezone ?? '';
  const event: Json = {
    id: row.id,
    global_id: globalId(ctx, row.id),
    global_id_lineage: [globalId(ctx, row.id)],
    author: String(row.author),
    status: row.status,
    date: row.date_local,
    date_utc: row.date_utc,
    modified: row.modified_local,
    modified_utc: row.modified_utc,
    url,
    rest_url: restUrl(ctx, 'events', row.id),
    title: row.title,
    description: locked ? '' : autop(row.content),
    excerpt: locked ? '' : autop(row.excerpt),
    slug: row.slug,
    image: locked || !row.image_id ? false : presentImage(relations.posts.get(row.image_id)),
    all_day: locked ? null : row.all_day === 1,
    start_date: row.start_local ?? '',
    start_date_details: dateDetails(row.start_local),
    end_date: row.end_local ?? '',
    end_date_details: dateDetails(row.end_local),
    utc_start_date: row.start_utc ?? '',
    utc_start_date_details: dateDetails(row.start_utc),
    utc_end_date: row.end_utc ?? '',
    utc_end_date_details: dateDetails(row.end_utc),
    timezone: tz,
    timezone_abbr: row.timezone_abbr ?? '',
    cost: locked ? '' : formatCost(cost, { symbol: ctx.site.currencySymbol, position: ctx.site.currencyPosition }),
    cost_details: locked ? EMPTY_COST : costDetails(cost, ''),
    // The reference falls back to the permalink when no website was ever set.
    website: locked ? '' : (row.website ?? url),
  };
  for (const name of EVENT_FLAG_NAMES) event[name] = locked ? null : flag(row[name], EVENT_FLAGS[name].unset);
  event.categories = locked ? [] : terms(relations.categories.get(row.id));
  event.tags = locked ? [] : terms(relations.tags.get(row.id));
  // One venue is an object, several an array, none an empty array (as the reference).
  event.venue = locked || venues.length === 0 ? [] : venues.length === 1 ? venues[0] : venues;
  event.organizer = locked ? [] : organizers;
  event.custom_fields = [];
  // Never for a password-protected event, even unlocked: the reference leaves it out (json_ld is
  // meant for search engines, which must not see protected content).
  if (options.single && row.password === '') event.json_ld = eventJsonLd(ctx, row, event, venueRows, organizerRows);
  const language = served(translated, row.id);
  if (language) event.translation_language = language;
  return event;
}

export function presentEvents(ctx: RequestContext, rows: PostRow[], options: EventPresentOptions = {}): Json[] {
  if (rows.length === 0) return [];
  const relations = loadRelations(ctx, rows, options.translation);
  const overlaid = overlayPosts(ctx, rows, options.translation);
  return overlaid.rows.map((row) => presentOne(ctx, row, relations, options, overlaid.translated));
}

export function presentEvent(ctx: RequestContext, row: PostRow, options: EventPresentOptions = {}): Json {
  return presentEvents(ctx, [row], options)[0]!;
}
