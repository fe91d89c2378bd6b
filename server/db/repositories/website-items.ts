// Website sync (migration 0021): which local object is which website object, with the state both
// sides last agreed on; images uploaded by content; creates whose answer was lost.
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';

export type ItemKind = 'event' | 'venue' | 'organizer' | 'category' | 'tag' | 'image';

export interface ItemRow {
  id: number;
  site_id: number;
  kind: ItemKind;
  local_id: number | null;
  remote_id: number | null;
  /** JSON of the agreed fields (server/website-sync/fields.ts), null before they first agreed. */
  base: string | null;
  /** JSON of the website's fields as last read or written (in Almanac's ids). */
  remote_fields: string | null;
  /** The website's copy as last known: there, in its trash, or deleted for good. */
  remote_state: 'live' | 'trashed' | 'gone';
  remote_modified: string | null;
  /** Both sides agreed it is in the trash (a restore on either side is then sent to the other). */
  agreed_trashed: number;
}

export type ItemUpdate = Partial<
  Pick<
    ItemRow,
    'local_id' | 'remote_id' | 'base' | 'remote_fields' | 'remote_state' | 'remote_modified' | 'agreed_trashed'
  >
>;

const UPDATABLE = [
  'local_id',
  'remote_id',
  'base',
  'remote_fields',
  'remote_state',
  'remote_modified',
  'agreed_trashed',
] as const;

export interface MediaRow {
  sha256: string;
  remote_id: number;
  url: string;
}

export function websiteItemsRepository(db: Db) {
  const byLocal = db.prepare('SELECT * FROM website_items WHERE site_id = ? AND kind = ? AND local_id = ?');
  const byRemote = db.prepare('SELECT * FROM website_items WHERE site_id = ? AND kind = ? AND remote_id = ?');
  const byId = db.prepare('SELECT * FROM website_items WHERE id = ?');
  const all = db.prepare('SELECT * FROM website_items WHERE site_id = ? AND kind = ? ORDER BY id');
  const count = db
    .prepare(
      'SELECT COUNT(*) FROM website_items WHERE site_id = ? AND kind = ? AND local_id IS NOT NULL AND remote_id IS NOT NULL',
    )
    .pluck();
  const insert = db.prepare(
    `INSERT INTO website_items (site_id, kind, local_id, remote_id, base, remote_fields, remote_state, remote_modified,
       agreed_trashed)
     VALUES (@site_id, @kind, @local_id, @remote_id, @base, @remote_fields, @remote_state, @remote_modified,
       @agreed_trashed)`,
  );
  const remove = db.prepare('DELETE FROM website_items WHERE id = ?');
  const removeSite = db.prepare('DELETE FROM website_items WHERE site_id = ?');
  const media = db.prepare('SELECT sha256, remote_id, url FROM website_media WHERE site_id = ? AND sha256 = ?');
  const addMedia = db.prepare(
    'INSERT OR REPLACE INTO website_media (site_id, sha256, remote_id, url) VALUES (?, ?, ?, ?)',
  );
  const removeMedia = db.prepare('DELETE FROM website_media WHERE site_id = ?');
  const pending = db
    .prepare('SELECT sent_utc FROM website_pending_creates WHERE site_id = ? AND kind = ? AND local_id = ?')
    .pluck();
  const setPending = db.prepare(
    'INSERT OR IGNORE INTO website_pending_creates (site_id, kind, local_id, sent_utc) VALUES (?, ?, ?, ?)',
  );
  const clearPending = db.prepare(
    'DELETE FROM website_pending_creates WHERE site_id = ? AND kind = ? AND local_id = ?',
  );
  const clearSitePending = db.prepare('DELETE FROM website_pending_creates WHERE site_id = ?');
  const allPending = db.prepare(
    'SELECT local_id, sent_utc FROM website_pending_creates WHERE site_id = ? AND kind = ?',
  );
  // Everything of a kind here, for a first sync (which pairs or sends all of it).
  // One statement per type, the type written in (posts has partial indexes on it: planner-stats.ts).
  const postIds = {
    event: db.prepare("SELECT id FROM posts WHERE site_id = ? AND type = 'event' ORDER BY id").pluck(),
    venue: db.prepare("SELECT id FROM posts WHERE site_id = ? AND type = 'venue' ORDER BY id").pluck(),
    organizer: db.prepare("SELECT id FROM posts WHERE site_id = ? AND type = 'organizer' ORDER BY id").pluck(),
  };
  const termIds = db.prepare('SELECT id FROM terms WHERE site_id = ? AND taxonomy = ? ORDER BY id').pluck();
  const translated = db
    .prepare("SELECT 1 FROM translations WHERE site_id = ? AND kind = 'post' AND object_id = ? LIMIT 1")
    .pluck();

  return {
    byLocal: (siteId: number, kind: ItemKind, localId: number) =>
      byLocal.get(siteId, kind, localId) as ItemRow | undefined,
    byRemote: (siteId: number, kind: ItemKind, remoteId: number) =>
      byRemote.get(siteId, kind, remoteId) as ItemRow | undefined,
    byId: (id: number) => byId.get(id) as ItemRow | undefined,
    all: (siteId: number, kind: ItemKind) => all.all(siteId, kind) as ItemRow[],
    /** How many objects of the kind are paired on both sides. */
    pairedCount: (siteId: number, kind: ItemKind) => count.get(siteId, kind) as number,
    insert(row: Omit<ItemRow, 'id'>): number {
      return Number(insert.run(row).lastInsertRowid);
    },
    update(id: number, columns: ItemUpdate): void {
      const names = UPDATABLE.filter((name) => columns[name] !== undefined);
      if (names.length === 0) return;
      const values = Object.assign(Object.fromEntries(names.map((n) => [n, columns[n]])), { id });
      prepareCached(db, `UPDATE website_items SET ${names.map((n) => `${n} = @${n}`).join(', ')} WHERE id = @id`).run(
        values,
      );
    },
    remove: (id: number) => void remove.run(id),

    /** The website's copy of an image with these bytes, if one was uploaded. */
    media: (siteId: number, sha256: string) => media.get(siteId, sha256) as MediaRow | undefined,
    addMedia: (siteId: number, row: MediaRow) => void addMedia.run(siteId, row.sha256, row.remote_id, row.url),

    /** When a create of this object was sent without its answer coming back (undefined: none). */
    pendingCreate: (siteId: number, kind: ItemKind, localId: number) =>
      pending.get(siteId, kind, localId) as string | undefined,
    /** Keeps the first time: a second send of the same create still looks back to the first. */
    setPendingCreate: (siteId: number, kind: ItemKind, localId: number, sentUtc: string) =>
      void setPending.run(siteId, kind, localId, sentUtc),
    /** Every create of the kind sent without an answer: local id → when. */
    pendingCreates: (siteId: number, kind: ItemKind) =>
      allPending.all(siteId, kind) as { local_id: number; sent_utc: string }[],
    clearPendingCreate: (siteId: number, kind: ItemKind, localId: number) =>
      void clearPending.run(siteId, kind, localId),

    /** Every local event, venue or organizer of the site (trashed ones too). */
    localPostIds: (siteId: number, type: 'event' | 'venue' | 'organizer') => postIds[type].all(siteId) as number[],
    localTermIds: (siteId: number, taxonomy: 'category' | 'tag') => termIds.all(siteId, taxonomy) as number[],

    /** Whether a post has a translated variant (what TEC cannot hold). */
    hasTranslations: (siteId: number, postId: number) => translated.get(siteId, postId) !== undefined,

    /** Forgets every pairing of the site (the connection is gone). */
    forgetSite(siteId: number): void {
      removeSite.run(siteId);
      removeMedia.run(siteId);
      clearSitePending.run(siteId);
    },
  };
}
