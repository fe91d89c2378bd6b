// The trash: trashed events, venues and organizers of a site, newest first, for the app's Trash
// screen (almanac/v1/trash). Restoring and deleting go through svc/events/v1 like any write.
import type { Db } from '../open.ts';
import { perType } from './posts.ts';

interface TrashRow {
  id: number;
  type: 'event' | 'venue' | 'organizer';
  title: string;
  author: number;
  trashed_status: string | null;
  trashed_utc: string;
}

export function trashRepository(db: Db) {
  // The type is a literal in each statement (perType): posts has partial indexes on it.
  const where = (type: string) => `FROM posts WHERE site_id = ? AND type = ${type} AND status = 'trash'`;
  const columns = 'SELECT id, type, title, author, trashed_status, COALESCE(trashed_utc, modified_utc) AS trashed_utc';
  const order = 'ORDER BY COALESCE(trashed_utc, modified_utc) DESC, id DESC LIMIT ? OFFSET ?';
  const ids = perType(db, (type) => `SELECT id ${where(type)} ORDER BY id`);
  const ownIds = perType(db, (type) => `SELECT id ${where(type)} AND author = ? ORDER BY id`);
  const all = perType(db, (type) => `${columns} ${where(type)} ${order}`);
  const own = perType(db, (type) => `${columns} ${where(type)} AND author = ? ${order}`);
  const countAll = perType(db, (type) => `SELECT COUNT(*) ${where(type)}`);
  const countOwn = perType(db, (type) => `SELECT COUNT(*) ${where(type)} AND author = ?`);
  return {
    /** One page of the trash; `authorId` limits it to that author's posts (null: everybody's). */
    page(siteId: number, type: TrashRow['type'], authorId: number | null, limit: number, offset: number) {
      const rows = (
        authorId === null ? all[type].all(siteId, limit, offset) : own[type].all(siteId, authorId, limit, offset)
      ) as TrashRow[];
      const total = (
        authorId === null ? countAll[type].pluck().get(siteId) : countOwn[type].pluck().get(siteId, authorId)
      ) as number;
      return { rows, total };
    },

    /** The ids of every trashed post of the type (of `authorId`'s only, unless null). */
    ids(siteId: number, type: TrashRow['type'], authorId: number | null): number[] {
      return (
        authorId === null ? ids[type].pluck().all(siteId) : ownIds[type].pluck().all(siteId, authorId)
      ) as number[];
    },
  };
}
