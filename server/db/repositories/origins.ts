// The allowed web origins (migration 0010).
import type { Db } from '../open.ts';

export function originsRepository(db: Db) {
  const has = db.prepare('SELECT 1 FROM allowed_origins WHERE origin = ?').pluck();
  const all = db.prepare('SELECT origin, added_utc FROM allowed_origins ORDER BY origin');
  const insert = db.prepare('INSERT OR IGNORE INTO allowed_origins (origin, added_utc) VALUES (?, ?)');
  const remove = db.prepare('DELETE FROM allowed_origins WHERE origin = ?');
  return {
    has: (origin: string) => has.get(origin) !== undefined,
    list: () => all.all() as { origin: string; added_utc: string }[],
    /** false when it was there already. */
    add: (origin: string) => insert.run(origin, new Date().toISOString()).changes > 0,
    /** false when it was not there. */
    remove: (origin: string) => remove.run(origin).changes > 0,
  };
}
