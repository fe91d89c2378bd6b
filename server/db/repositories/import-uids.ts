// The UID each imported event came with (migration 0011): how a re-import finds what it created.
import type { Db } from '../open.ts';

export function importUidsRepository(db: Db) {
  const byUid = db.prepare('SELECT post_id FROM import_uids WHERE site_id = ? AND uid = ?').pluck();
  const byPost = db.prepare('SELECT uid FROM import_uids WHERE site_id = ? AND post_id = ?').pluck();
  // One UID per event: a later file naming the event under another UID moves it there.
  const forgetPost = db.prepare('DELETE FROM import_uids WHERE site_id = ? AND post_id = ?');
  const remember = db.prepare('INSERT OR REPLACE INTO import_uids (site_id, uid, post_id) VALUES (?, ?, ?)');
  return {
    postOf: (siteId: number, uid: string) => byUid.get(siteId, uid) as number | undefined,
    uidOf: (siteId: number, postId: number) => byPost.get(siteId, postId) as string | undefined,
    /** `isNew`: the event was just created, so it has no UID to forget. */
    remember(siteId: number, uid: string, postId: number, isNew = false): void {
      if (!isNew) forgetPost.run(siteId, postId);
      remember.run(siteId, uid, postId);
    },
  };
}
