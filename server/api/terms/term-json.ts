// Rows → the reference's term, as the term routes show it and as an event embeds it
// (tec-reference §1.3, §1.7). Key order matters: clients compare against the reference's JSON.
import type { RequestContext } from '../../http/context.ts';
import type { TermRow } from '../../db/repositories/terms.ts';
import { restUrl } from '../shared/urls.ts';
import type { Json } from '../shared/json-parts.ts';

const TAXONOMY_NAMES = { category: 'tribe_events_cat', tag: 'post_tag' } as const;
const TAXONOMY_COLLECTIONS = { category: 'categories', tag: 'tags' } as const;

function termUrls(ctx: RequestContext, term: TermRow): Json {
  const collection = TAXONOMY_COLLECTIONS[term.taxonomy];
  const urls: Json = { self: restUrl(ctx, collection, term.id), collection: restUrl(ctx, collection) };
  if (term.parent !== 0) urls.up = restUrl(ctx, collection, term.parent);
  return urls;
}

/** A term embedded in an event (a WP_Term cast to an array). */
export function presentEmbeddedTerm(ctx: RequestContext, term: TermRow, count: number, translation?: string): Json {
  const json: Json = {
    name: term.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: TAXONOMY_NAMES[term.taxonomy],
    description: term.description,
    parent: term.parent,
    count,
    filter: 'raw',
    id: term.id,
    urls: termUrls(ctx, term),
  };
  if (translation) json.translation_language = translation;
  return json;
}

/** A term from the /categories and /tags endpoints. */
export function presentTerm(
  ctx: RequestContext,
  term: TermRow,
  count: number,
  path: string,
  translation?: string,
): Json {
  const json: Json = {
    id: term.id,
    count,
    description: term.description,
    name: term.name,
    slug: term.slug,
    taxonomy: TAXONOMY_NAMES[term.taxonomy],
  };
  if (term.taxonomy === 'category') json.parent = term.parent;
  json.meta = [];
  json.url = `${ctx.baseUrl}${path}`;
  json.urls = termUrls(ctx, term);
  if (translation) json.translation_language = translation;
  return json;
}
