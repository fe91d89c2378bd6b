// Everything that writes the search index (migration 0019):
// - the queue's fold: the posts and translations the triggers queued (search_queue,
//   search_translation_queue) written into the index, a batch per statement;
// - the backfill: the posts and translations that existed before the migration, a batch per
//   transaction, from a cursor kept in search_backfill: a stop (quit, crash) loses at most the
//   batch under way, and the next start goes on from the cursor. Posts written meanwhile are
//   queued by the triggers; a batch skips the rows the fold already wrote (they are current).
import type { Db } from '../open.ts';
import { postSearchText, SITE_ROWIDS, type SearchIndexState } from './search-index.ts';

const INDEXED_TYPES = `type IN ('event', 'venue', 'organizer')`;

export function searchBackfillRepository(db: Db) {
  const state = db.prepare('SELECT phase, site_id, object_id, language, done, total FROM search_backfill WHERE id = 1');
  const count = db.prepare(
    `SELECT (SELECT count(*) FROM posts WHERE ${INDEXED_TYPES})
          + (SELECT count(*) FROM (SELECT DISTINCT site_id, object_id, language FROM translations WHERE kind = 'post'))`,
  );
  const setTotal = db.prepare('UPDATE search_backfill SET total = ? WHERE id = 1');
  const nextPosts = db.prepare(
    `SELECT site_id, id FROM posts WHERE (site_id, id) > (?, ?) AND ${INDEXED_TYPES} ORDER BY site_id, id LIMIT ?`,
  );
  const indexPosts = db.prepare(
    `INSERT INTO search_posts (rowid, text)
     SELECT p.site_id * ${SITE_ROWIDS} + p.id, ${postSearchText('p')} FROM posts p
     WHERE (p.site_id, p.id) > (?, ?) AND (p.site_id, p.id) <= (?, ?) AND p.${INDEXED_TYPES}
       AND NOT EXISTS (SELECT 1 FROM search_posts s WHERE s.rowid = p.site_id * ${SITE_ROWIDS} + p.id)`,
  );
  const nextDocs = db.prepare(
    `SELECT DISTINCT site_id, object_id, language FROM translations
     WHERE kind = 'post' AND (site_id, object_id, language) > (?, ?, ?) ORDER BY site_id, object_id, language LIMIT ?`,
  );
  const addDoc = db.prepare(
    'INSERT OR IGNORE INTO search_translation_docs (site_id, object_id, language) VALUES (?, ?, ?) RETURNING doc',
  );
  // A doc that a trigger already wrote is current; only a new doc row is indexed here.
  const indexDoc = db.prepare(
    `INSERT INTO search_translations (rowid, text)
     SELECT ?, group_concat(value, char(10)) FROM translations WHERE site_id = ? AND kind = 'post' AND object_id = ? AND language = ?`,
  );
  const moveCursor = db.prepare(
    'UPDATE search_backfill SET phase = ?, site_id = ?, object_id = ?, language = ?, done = done + ? WHERE id = 1',
  );

  const indexSitePosts = db.prepare(
    `INSERT INTO search_posts (rowid, text)
     SELECT p.site_id * ${SITE_ROWIDS} + p.id, ${postSearchText('p')} FROM posts p
     WHERE p.site_id = ? AND p.${INDEXED_TYPES}
       AND NOT EXISTS (SELECT 1 FROM search_posts s WHERE s.rowid = p.site_id * ${SITE_ROWIDS} + p.id)`,
  );
  const siteDocs = db.prepare(
    `SELECT DISTINCT site_id, object_id, language FROM translations WHERE site_id = ? AND kind = 'post'`,
  );

  // The fold: one statement per step of each table, so FTS5 writes one segment per batch.
  const firstQueued = db.prepare('SELECT site_id, id FROM search_queue ORDER BY site_id, id LIMIT 1 OFFSET ?');
  const lastQueued = db.prepare('SELECT site_id, id FROM search_queue ORDER BY site_id DESC, id DESC LIMIT 1');
  const upTo = '(site_id, id) <= (?, ?)';
  const unindexQueued = db.prepare(
    `DELETE FROM search_posts WHERE rowid IN (SELECT site_id * ${SITE_ROWIDS} + id FROM search_queue WHERE ${upTo})`,
  );
  const indexQueued = db.prepare(
    `INSERT INTO search_posts (rowid, text)
     SELECT p.site_id * ${SITE_ROWIDS} + p.id, ${postSearchText('p')}
     FROM search_queue q JOIN posts p ON p.site_id = q.site_id AND p.id = q.id
     WHERE (q.site_id, q.id) <= (?, ?) AND p.${INDEXED_TYPES}`,
  );
  const dequeue = db.prepare(`DELETE FROM search_queue WHERE ${upTo}`);
  const docUpTo = '(q.site_id, q.object_id, q.language) <= (?, ?, ?)';
  const queuedDoc = db.prepare(
    `SELECT site_id, object_id, language FROM search_translation_queue
     ORDER BY site_id, object_id, language LIMIT 1 OFFSET ?`,
  );
  const lastQueuedDoc = db.prepare(
    `SELECT site_id, object_id, language FROM search_translation_queue
     ORDER BY site_id DESC, object_id DESC, language DESC LIMIT 1`,
  );
  const translatedText = `(SELECT group_concat(t.value, char(10)) FROM translations t WHERE t.site_id = q.site_id
    AND t.kind = 'post' AND t.object_id = q.object_id AND t.language = q.language)`;
  const addQueuedDocs = db.prepare(
    `INSERT OR IGNORE INTO search_translation_docs (site_id, object_id, language)
     SELECT site_id, object_id, language FROM search_translation_queue q WHERE ${docUpTo}`,
  );
  const queuedDocs = `FROM search_translation_queue q JOIN search_translation_docs d
    ON d.site_id = q.site_id AND d.object_id = q.object_id AND d.language = q.language WHERE ${docUpTo}`;
  const unindexQueuedDocs = db.prepare(`DELETE FROM search_translations WHERE rowid IN (SELECT d.doc ${queuedDocs})`);
  const indexQueuedDocs = db.prepare(
    `INSERT INTO search_translations (rowid, text) SELECT d.doc, ${translatedText} ${queuedDocs}
       AND ${translatedText} IS NOT NULL`,
  );
  const dropEmptyDocs = db.prepare(
    `DELETE FROM search_translation_docs WHERE doc IN (SELECT d.doc ${queuedDocs} AND ${translatedText} IS NULL)`,
  );
  const dequeueDocs = db.prepare(`DELETE FROM search_translation_queue AS q WHERE ${docUpTo}`);
  const queuedCount = db.prepare(
    'SELECT (SELECT count(*) FROM search_queue) + (SELECT count(*) FROM search_translation_queue)',
  );

  type Cursor = { phase: SearchIndexState['phase']; site_id: number; object_id: number; language: string };

  return {
    state(): SearchIndexState {
      const row = state.get() as (SearchIndexState & Cursor) | undefined;
      return row ? { phase: row.phase, done: row.done, total: row.total } : { phase: 'done', done: 0, total: 0 };
    },

    /** Counts the work once, so progress can be told as a share. */
    countIfNeeded(): void {
      const row = state.get() as (SearchIndexState & Cursor) | undefined;
      if (row && row.phase !== 'done' && row.total === null) setTotal.run(count.pluck().get() as number);
    },

    /** How many posts and translations wait for the fold. */
    queued(): number {
      return queuedCount.pluck().get() as number;
    },

    /**
     * Writes up to `limit` queued posts and `limit` queued translations into the index (in the
     * caller's transaction); how many it wrote. A queued post that no longer exists only leaves.
     */
    fold(limit: number): number {
      let folded = 0;
      const last = (firstQueued.get(limit - 1) ?? lastQueued.get()) as { site_id: number; id: number } | undefined;
      if (last) {
        unindexQueued.run(last.site_id, last.id);
        indexQueued.run(last.site_id, last.id);
        folded += dequeue.run(last.site_id, last.id).changes;
      }
      const lastDoc = (queuedDoc.get(limit - 1) ?? lastQueuedDoc.get()) as
        { site_id: number; object_id: number; language: string } | undefined;
      if (lastDoc) {
        const key = [lastDoc.site_id, lastDoc.object_id, lastDoc.language];
        addQueuedDocs.run(...key);
        unindexQueuedDocs.run(...key);
        indexQueuedDocs.run(...key);
        dropEmptyDocs.run(...key);
        folded += dequeueDocs.run(...key).changes;
      }
      return folded;
    },

    /**
     * Indexes every post and translation of a site that no trigger indexed, at once: for a bulk
     * load that set the index's INSERT triggers aside (scripts/seed/bulk-seed.ts).
     */
    indexSite(siteId: number): void {
      indexSitePosts.run(siteId);
      for (const doc of siteDocs.all(siteId) as { site_id: number; object_id: number; language: string }[]) {
        const added = addDoc.get(doc.site_id, doc.object_id, doc.language) as { doc: number } | undefined;
        if (added) indexDoc.run(added.doc, doc.site_id, doc.object_id, doc.language);
      }
    },

    /** Indexes up to `limit` more posts or translation docs (one call = one transaction's work); the state after. */
    step(limit: number): SearchIndexState {
      const cursor = state.get() as Cursor | undefined;
      if (!cursor || cursor.phase === 'done') return this.state();
      if (cursor.phase === 'posts') {
        const keys = nextPosts.all(cursor.site_id, cursor.object_id, limit) as { site_id: number; id: number }[];
        const last = keys.at(-1);
        if (last) indexPosts.run(cursor.site_id, cursor.object_id, last.site_id, last.id);
        // The last batch of posts: the translations come next, from their first key.
        if (!last || keys.length < limit) moveCursor.run('translations', 0, -1, '', keys.length);
        else moveCursor.run('posts', last.site_id, last.id, '', keys.length);
        return this.state();
      }
      const docs = nextDocs.all(cursor.site_id, cursor.object_id, cursor.language, limit) as {
        site_id: number;
        object_id: number;
        language: string;
      }[];
      for (const doc of docs) {
        const added = addDoc.get(doc.site_id, doc.object_id, doc.language) as { doc: number } | undefined;
        if (added) indexDoc.run(added.doc, doc.site_id, doc.object_id, doc.language);
      }
      const last = docs.at(-1);
      if (docs.length < limit || !last) moveCursor.run('done', 0, -1, '', docs.length);
      else moveCursor.run('translations', last.site_id, last.object_id, last.language, docs.length);
      return this.state();
    },
  };
}

const repositories = new WeakMap<Db, ReturnType<typeof searchBackfillRepository>>();

/** The backfill repository of a connection, made once (the upkeep and the progress route share it). */
export function searchBackfillOf(db: Db): ReturnType<typeof searchBackfillRepository> {
  let repository = repositories.get(db);
  if (!repository) {
    repository = searchBackfillRepository(db);
    repositories.set(db, repository);
  }
  return repository;
}
