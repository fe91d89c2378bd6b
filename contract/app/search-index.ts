// Response schema of almanac/v1/search-index: how far the search index of a calendar from before
// it (migration 0019) has been built. Searches answer the same meanwhile, only slower.
import { Type, type Static } from '@sinclair/typebox';

export const SearchIndexProgress = Type.Object({
  ready: Type.Boolean({ description: 'Whether searches use the index (it is complete).' }),
  done: Type.Integer({ description: 'Events, venues, organizers and translations indexed so far.' }),
  total: Type.Integer({ description: 'How many there are to index (0 until they are counted).' }),
  percent: Type.Integer({ description: 'done as a share of total, 0–100 (100 when ready).' }),
});
export type SearchIndexProgress = Static<typeof SearchIndexProgress>;
