// Rows → the reference's venue and organizer (tec-reference §1.5–1.6), with their json_ld. Key
// order matters: clients compare against the reference's JSON.
import type { RequestContext } from '../../http/context.ts';
import type { PostRow } from '../../db/repositories/posts.ts';
import { autop, escapeHtml } from '../../domain/html.ts';
import { globalId, permalink } from '../shared/urls.ts';
import { flag, presentImage, type Json } from '../shared/json-parts.ts';

/** The head every post representation starts with. */
function postHead(ctx: RequestContext, row: PostRow, kind: 'venue' | 'organizer'): Json {
  return {
    id: row.id,
    author: String(row.author),
    status: row.status,
    date: row.date_local,
    date_utc: row.date_utc,
    modified: row.modified_local,
    modified_utc: row.modified_utc,
    url: permalink(ctx, kind, row.slug),
  };
}

/** Copies the non-empty values into `target`, as the reference's array_filter keeps them ("0" author included). */
function keepNonEmpty(target: Json, source: Json): Json {
  for (const key in source) {
    const value = source[key];
    if (value === '' || value === null || value === undefined || value === false || value === 0 || value === '0')
      continue;
    target[key] = value;
  }
  return target;
}

/** Drops empty values, as the reference's array_filter does. */
const dropEmpty = (object: Json): Json => keepNonEmpty({}, object);

interface PresentOptions {
  single?: boolean;
  /** Password-protected and not unlocked: content fields blanked (tec-reference §1.9). */
  locked?: boolean;
  images?: Map<number, PostRow>;
  translation?: string;
}

function venueJsonLd(row: PostRow): Json {
  const address = dropEmpty({
    streetAddress: row.address,
    addressLocality: row.city,
    addressRegion: row.stateprovince,
    postalCode: row.zip,
    addressCountry: row.country,
  });
  const ld: Json = {
    '@type': 'Place',
    name: row.title,
    description: escapeHtml(autop(row.content)),
    url: '',
    address: { '@type': 'PostalAddress', ...address },
  };
  if (row.geo_lat !== null && row.geo_lng !== null)
    ld.geo = { '@type': 'GeoCoordinates', latitude: row.geo_lat, longitude: row.geo_lng };
  ld.telephone = row.phone ?? '';
  ld.sameAs = row.website ?? '';
  return ld;
}

function organizerJsonLd(row: PostRow): Json {
  return {
    '@type': 'Person',
    name: row.title,
    description: escapeHtml(autop(row.content)),
    url: row.website ?? '',
    telephone: row.phone ?? '',
    email: row.email ?? '',
    sameAs: row.website ?? '',
  };
}

export function presentVenue(ctx: RequestContext, row: PostRow, options: PresentOptions = {}): Json {
  const image = row.image_id ? presentImage(options.images?.get(row.image_id)) : false;
  const locked = options.locked === true;
  // Copied into one object, not built as `{ ...head, more }`: on Node 20's V8 each property that
  // follows a leading spread takes a slow path (this object cost ~35 µs instead of ~1 µs), and a
  // list page presents a venue and an organizer per event. See docs/PERFORMANCE.md.
  const body = keepNonEmpty(dropEmpty(postHead(ctx, row, 'venue')), {
    venue: locked ? undefined : row.title,
    description: locked ? '' : autop(row.content),
    excerpt: locked ? '' : autop(row.excerpt),
    slug: row.slug,
    image: locked ? false : image,
    address: locked ? '' : row.address,
    city: locked ? '' : row.city,
    country: locked ? '' : row.country,
    province: locked ? '' : row.province,
    state: locked ? '' : row.state,
    zip: locked ? '' : row.zip,
    phone: locked ? '' : row.phone,
    website: locked ? '' : row.website,
    stateprovince: locked ? '' : row.stateprovince,
    geo_lat: locked ? null : row.geo_lat,
    geo_lng: locked ? null : row.geo_lng,
    json_ld: options.single && !locked ? venueJsonLd(row) : undefined,
  });
  // The reference's quirk of reusing the event list blanking: a locked venue's name is [].
  if (locked) body.venue = [];
  body.show_map = locked ? null : flag(row.show_map, true);
  body.show_map_link = locked ? null : flag(row.show_map_link, true);
  return withGlobalIds(ctx, body, row.id, options.translation);
}

export function presentOrganizer(ctx: RequestContext, row: PostRow, options: PresentOptions = {}): Json {
  const image = row.image_id ? presentImage(options.images?.get(row.image_id)) : false;
  const locked = options.locked === true;
  const body = keepNonEmpty(dropEmpty(postHead(ctx, row, 'organizer')), {
    organizer: locked ? undefined : row.title,
    description: locked ? '' : autop(row.content),
    excerpt: locked ? '' : autop(row.excerpt),
    slug: row.slug,
    image: locked ? false : image,
    phone: locked ? '' : row.phone,
    website: locked ? '' : row.website,
    email: locked ? '' : row.email,
    json_ld: options.single && !locked ? organizerJsonLd(row) : undefined,
  });
  if (locked) body.organizer = [];
  return withGlobalIds(ctx, body, row.id, options.translation);
}

/** The tail every venue and organizer ends with. */
function withGlobalIds(ctx: RequestContext, body: Json, id: number, translation: string | undefined): Json {
  body.global_id = globalId(ctx, id);
  body.global_id_lineage = [globalId(ctx, id)];
  if (translation) body.translation_language = translation;
  return body;
}

export { venueJsonLd, organizerJsonLd };
