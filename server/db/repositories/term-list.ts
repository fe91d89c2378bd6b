// The /categories and /tags list query (spec §4.5–4.6).
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';
import type { Taxonomy, TermRow } from './terms.ts';

export type TermOrderBy = 'name' | 'id' | 'slug' | 'count' | 'description' | 'include' | 'term_group' | 'parent';

export interface TermListFilter {
  siteId: number;
  taxonomy: Taxonomy;
  search?: string;
  /** With search: also match this language's translated names and descriptions. */
  searchLanguage?: string;
  include?: number[];
  exclude?: number[];
  parent?: number;
  postId?: number;
  slug?: string;
  hideEmpty: boolean;
  orderBy: TermOrderBy;
  descending: boolean;
  limit: number;
  offset: number;
}

// The stored count of published events using the term (kept up to date by event writes).
const COUNT = 't.count';

const ORDER_COLUMNS: Record<Exclude<TermOrderBy, 'include'>, string> = {
  name: 't.name COLLATE NOCASE',
  id: 't.id',
  term_group: 't.id',
  slug: 't.slug',
  count: 'count',
  description: 't.description',
  parent: 't.parent',
};

export function termListRepository(db: Db) {
  return {
    page(filter: TermListFilter): { rows: (TermRow & { count: number })[]; total: number } {
      // The site id (an integer of ours) is written into IN-subqueries so they are not correlated.
      const siteId = Number(filter.siteId);
      const where = ['t.site_id = ?', 't.taxonomy = ?'];
      const params: unknown[] = [filter.siteId, filter.taxonomy];
      if (filter.search !== undefined) {
        const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const translated = filter.searchLanguage
          ? ` OR t.id IN (SELECT object_id FROM translations WHERE site_id = ${siteId} AND kind = 'term' AND language = ? AND value LIKE ? ESCAPE '\\')`
          : '';
        where.push(`(t.name LIKE ? ESCAPE '\\' OR t.slug LIKE ? ESCAPE '\\'${translated})`);
        params.push(like, like);
        if (filter.searchLanguage) params.push(filter.searchLanguage, like);
      }
      // An empty include (`include=`) restricts nothing, as in WordPress's get_terms().
      if (filter.include && filter.include.length > 0) {
        where.push(`t.id IN (${filter.include.map(() => '?').join(',')})`);
        params.push(...filter.include);
      }
      if (filter.exclude && filter.exclude.length > 0) {
        where.push(`t.id NOT IN (${filter.exclude.map(() => '?').join(',')})`);
        params.push(...filter.exclude);
      }
      if (filter.parent !== undefined) {
        where.push('t.parent = ?');
        params.push(filter.parent);
      }
      if (filter.postId !== undefined) {
        where.push(`t.id IN (SELECT term_id FROM term_posts WHERE site_id = ${siteId} AND post_id = ?)`);
        params.push(filter.postId);
      }
      if (filter.slug !== undefined) {
        where.push('t.slug = ?');
        params.push(filter.slug);
      }
      if (filter.hideEmpty) where.push(`${COUNT} > 0`);
      const sql = `FROM terms t WHERE ${where.join(' AND ')}`;
      const total = (prepareCached(db, `SELECT COUNT(*) AS n ${sql}`).get(...params) as { n: number }).n;
      const direction = filter.descending ? 'DESC' : 'ASC';
      let order: string;
      const orderParams: unknown[] = [];
      // `CASE t.id END` with no WHEN is a syntax error: `include=&orderby=include` answered 500.
      if (filter.orderBy === 'include' && filter.include && filter.include.length > 0) {
        order = `CASE t.id ${filter.include.map((id, i) => `WHEN ${Number(id)} THEN ${i}`).join(' ')} END ${direction}`;
      } else {
        order = `${ORDER_COLUMNS[filter.orderBy === 'include' ? 'name' : filter.orderBy]} ${direction}`;
      }
      const rows = prepareCached(
        db,
        `SELECT t.*, ${COUNT} AS count ${sql} ORDER BY ${order}, t.id ${direction} LIMIT ? OFFSET ?`,
      ).all(...params, ...orderParams, filter.limit, filter.offset) as (TermRow & { count: number })[];
      return { rows, total };
    },
  };
}
