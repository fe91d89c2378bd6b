// Terms: categories and tags, one table and one id sequence per site, and their assignment to posts.
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';
import { keyedRowReader } from '../row-reader.ts';

export type Taxonomy = 'category' | 'tag';

export interface TermRow {
  site_id: number;
  id: number;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  description: string;
  parent: number;
  /** Grows by one on every update: the term's ETag. */
  revision?: number;
  /** Published events using the term (kept by every event write). */
  count?: number;
}

function placeholders(count: number): string {
  return new Array(count).fill('?').join(',');
}

export function termsRepository(db: Db) {
  const byId = db.prepare('SELECT * FROM terms WHERE site_id = ? AND id = ?');
  const bySlug = db.prepare('SELECT * FROM terms WHERE site_id = ? AND taxonomy = ? AND slug = ?');
  const byName = db.prepare(
    'SELECT * FROM terms WHERE site_id = ? AND taxonomy = ? AND name = ? COLLATE NOCASE ORDER BY id LIMIT 1',
  );
  const insert = db.prepare(
    'INSERT INTO terms (site_id, id, taxonomy, name, slug, description, parent) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const children = db.prepare('SELECT id FROM terms WHERE site_id = ? AND taxonomy = ? AND parent = ?');
  const clearPostTerms = db.prepare(
    'DELETE FROM term_posts WHERE site_id = ? AND post_id = ? AND term_id IN (SELECT id FROM terms WHERE site_id = ? AND taxonomy = ?)',
  );
  // With its event's start, so the row enters term_posts_by_start in its place (migration 0006).
  const addPostTerm = db.prepare(
    `INSERT OR IGNORE INTO term_posts (site_id, term_id, post_id, start_utc)
     VALUES (@site, @term, @post, (SELECT start_utc FROM posts WHERE site_id = @site AND id = @post))`,
  );
  const termIdsOf = db.prepare('SELECT term_id FROM term_posts WHERE site_id = ? AND post_id = ?');
  const adjustCount = db.prepare('UPDATE terms SET count = MAX(count + ?, 0) WHERE site_id = ? AND id = ?');
  const recountAll = db.prepare(`UPDATE terms SET count = (
    SELECT COUNT(*) FROM term_posts tp JOIN posts p ON p.site_id = tp.site_id AND p.id = tp.post_id
    WHERE tp.site_id = terms.site_id AND tp.term_id = terms.id AND p.type = 'event' AND p.status = 'publish'
  ) WHERE site_id = ?`);
  const update = db.prepare(
    'UPDATE terms SET name = @name, slug = @slug, description = @description, parent = @parent, revision = revision + 1 WHERE site_id = @site_id AND id = @id',
  );
  const remove = db.prepare('DELETE FROM terms WHERE site_id = ? AND id = ?');
  const removeTranslations = db.prepare(
    "DELETE FROM translations WHERE site_id = ? AND kind = 'term' AND object_id = ?",
  );
  const reparent = db.prepare('UPDATE terms SET parent = ? WHERE site_id = ? AND taxonomy = ? AND parent = ?');
  const sameName = db.prepare(
    'SELECT * FROM terms WHERE site_id = ? AND taxonomy = ? AND name = ? COLLATE NOCASE AND parent = ? AND id <> ? LIMIT 1',
  );

  return {
    get: (siteId: number, id: number) => byId.get(siteId, id) as TermRow | undefined,
    bySlug: (siteId: number, taxonomy: Taxonomy, slug: string) =>
      bySlug.get(siteId, taxonomy, slug) as TermRow | undefined,
    byName: (siteId: number, taxonomy: Taxonomy, name: string) =>
      byName.get(siteId, taxonomy, name) as TermRow | undefined,

    update(term: TermRow): void {
      update.run({
        site_id: term.site_id,
        id: term.id,
        name: term.name,
        slug: term.slug,
        description: term.description,
        parent: term.parent,
      });
    },

    remove(siteId: number, id: number): void {
      remove.run(siteId, id);
      removeTranslations.run(siteId, id);
    },

    /** Children of a deleted category move up to its parent (as WordPress does). */
    reparentChildren(siteId: number, taxonomy: Taxonomy, id: number, newParent: number): void {
      reparent.run(newParent, siteId, taxonomy, id);
    },

    /** Another term of the taxonomy with this name under the same parent (WordPress's term_exists rule). */
    sameName(siteId: number, taxonomy: Taxonomy, name: string, parent: number, exceptId = 0): TermRow | undefined {
      return sameName.get(siteId, taxonomy, name, parent, exceptId) as TermRow | undefined;
    },

    insert(term: TermRow): void {
      insert.run(term.site_id, term.id, term.taxonomy, term.name, term.slug, term.description, term.parent);
    },

    /** The term and all its descendants (a parent category filter matches its children's events). */
    withDescendants(siteId: number, taxonomy: Taxonomy, ids: number[]): number[] {
      const seen = new Set<number>(ids);
      const queue = [...ids];
      while (queue.length > 0) {
        const id = queue.pop()!;
        for (const { id: child } of children.all(siteId, taxonomy, id) as { id: number }[]) {
          if (!seen.has(child)) {
            seen.add(child);
            queue.push(child);
          }
        }
      }
      return [...seen];
    },

    /**
     * post id → its categories and its tags, each ordered by name (as WordPress returns them), in one
     * query. The rows carry the stored `count`.
     */
    termsOfPosts(siteId: number, postIds: number[]): Record<Taxonomy, Map<number, TermRow[]>> {
      const result: Record<Taxonomy, Map<number, TermRow[]>> = { category: new Map(), tag: new Map() };
      if (postIds.length === 0) return result;
      const rows = keyedRowReader<number, TermRow>(
        prepareCached(
          db,
          `SELECT tp.post_id AS post_id, t.* FROM term_posts tp JOIN terms t ON t.site_id = tp.site_id AND t.id = tp.term_id
             WHERE tp.site_id = ? AND tp.post_id IN (${placeholders(postIds.length)})
             ORDER BY tp.post_id, t.taxonomy, t.name COLLATE NOCASE, t.id`,
        ),
      ).all(siteId, ...postIds);
      for (const [post_id, term] of rows) {
        const byPost = result[term.taxonomy];
        const list = byPost.get(post_id) ?? [];
        list.push(term);
        byPost.set(post_id, list);
      }
      return result;
    },

    /** term id → number of published events using it (the reference's `count`, kept on the term). */
    counts(siteId: number, termIds: number[]): Map<number, number> {
      const result = new Map<number, number>(termIds.map((id) => [id, 0]));
      if (termIds.length === 0) return result;
      const unique = [...new Set(termIds)];
      const rows = prepareCached(
        db,
        `SELECT id, count AS n FROM terms WHERE site_id = ? AND id IN (${placeholders(unique.length)})`,
      ).all(siteId, ...unique) as { id: number; n: number }[];
      for (const row of rows) result.set(row.id, row.n);
      return result;
    },

    /** The term ids of a post (all taxonomies). */
    termIdsOf(siteId: number, postId: number): number[] {
      return (termIdsOf.all(siteId, postId) as { term_id: number }[]).map((r) => r.term_id);
    },

    /** Adds `delta` to the stored count of each term. */
    adjustCounts(siteId: number, termIds: number[], delta: number): void {
      for (const id of termIds) adjustCount.run(delta, siteId, id);
    },

    /** Recomputes stored counts from scratch (after bulk loads). */
    recountAll(siteId: number): void {
      recountAll.run(siteId);
    },

    /** Replaces a post's terms of one taxonomy. `isNew`: the post was created in this write and has none to clear. */
    setPostTerms(siteId: number, postId: number, taxonomy: Taxonomy, termIds: number[], isNew = false): void {
      // The clear costs more than the insert (its IN list builds a temporary index); skip it when it cannot match.
      if (!isNew) clearPostTerms.run(siteId, postId, siteId, taxonomy);
      for (const termId of termIds) addPostTerm.run({ site: siteId, term: termId, post: postId });
    },
  };
}
