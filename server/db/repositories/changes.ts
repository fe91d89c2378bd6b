// The change log (migration 0009): read by the change stream, pruned by the server. Triggers
// write it; nothing here does, except pruning.
import type { Db } from '../open.ts';

export interface ChangeRow {
  seq: number;
  site_id: number;
  kind: string;
  object_id: number;
  action: string;
  author: number | null;
  old_status: string | null;
  new_status: string | null;
}

export function changesRepository(db: Db) {
  // Pruning keeps the newest row (migration 0009), so the highest seq in the table is the highest
  // ever given.
  const latest = db.prepare('SELECT seq FROM changes ORDER BY seq DESC LIMIT 1').pluck();
  const oldest = db.prepare('SELECT seq FROM changes ORDER BY seq LIMIT 1').pluck();
  const after = db.prepare(
    `SELECT seq, site_id, kind, object_id, action, author, old_status, new_status
     FROM changes WHERE seq > ? ORDER BY seq LIMIT ?`,
  );
  const pruneTo = db.prepare('DELETE FROM changes WHERE seq <= ?');

  const latestSeq = () => (latest.get() as number | undefined) ?? 0;
  return {
    /** The highest sequence number given so far (0 before the first change). */
    latest: latestSeq,
    /**
     * Every change up to this one has been pruned: a client that last saw an older one may have
     * missed some and must refetch everything.
     */
    prunedThrough(): number {
      const first = oldest.get() as number | undefined;
      return first === undefined ? 0 : first - 1;
    },
    /** The changes after `seq`, oldest first, at most `limit` of them. */
    after: (seq: number, limit: number) => after.all(seq, limit) as ChangeRow[],
    /**
     * Drops all but the newest `keep` changes (never the newest one: it holds the sequence), at
     * most `batch` rows per call (a write transaction of the caller; a small batch keeps it
     * short). Returns how many went.
     */
    prune(keep: number, batch: number): number {
      const last = latestSeq() - Math.max(keep, 1);
      const first = oldest.get() as number | undefined;
      if (first === undefined || first > last) return 0;
      return pruneTo.run(Math.min(last, first + batch - 1)).changes;
    },
  };
}
