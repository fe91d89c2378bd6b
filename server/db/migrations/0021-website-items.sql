-- What is paired with what on the connected website, and the state both sides last agreed on
-- (issue 38). The three-way merge compares each side with `base`, field by field: a field changed
-- on one side only takes that side's value; changed on both to different values, it is a conflict.
--
-- A row with local_id NULL is a website event left out on purpose (the first connection chose
-- "Publish this calendar": the events already on the website stay there and are not brought
-- here); remote_id NULL is an event of ours left out ("Bring the website's events here": the
-- events already here are not published). Both are remembered so later syncs leave them alone.
CREATE TABLE website_items (
  id              INTEGER PRIMARY KEY,
  site_id         INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  kind            TEXT    NOT NULL,  -- event, venue, organizer, category, tag, image
  local_id        INTEGER,
  remote_id       INTEGER,
  base            TEXT,              -- JSON: the agreed fields (ids of linked objects are ours)
  remote_fields   TEXT,              -- JSON: the website's fields as last read or written (same form)
  remote_state    TEXT    NOT NULL DEFAULT 'live' CHECK (remote_state IN ('live', 'trashed', 'gone')),
  remote_modified TEXT,              -- the website's modified_gmt when last read or written
  agreed_trashed  INTEGER NOT NULL DEFAULT 0,  -- both sides agreed it is in the trash
  CHECK (local_id IS NOT NULL OR remote_id IS NOT NULL)
);
CREATE UNIQUE INDEX website_items_by_local ON website_items (site_id, kind, local_id) WHERE local_id IS NOT NULL;
-- Images are the exception: every local image record with the same content shares one attachment.
CREATE UNIQUE INDEX website_items_by_remote ON website_items (site_id, kind, remote_id)
  WHERE remote_id IS NOT NULL AND kind <> 'image';

-- Images uploaded to the website's media library, by the SHA-256 of their bytes: an image is
-- uploaded once and reused by every event (and every local image record) with the same content.
CREATE TABLE website_media (
  site_id   INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  sha256    TEXT    NOT NULL,
  remote_id INTEGER NOT NULL,
  url       TEXT    NOT NULL,     -- the attachment's address on the website
  PRIMARY KEY (site_id, sha256)
) WITHOUT ROWID;

-- Creates sent whose answer never came back (the connection broke after the website saved): a
-- create is not idempotent on the website, so before sending it again the sync looks there for
-- what the lost answer would have named (title and start, made after `sent_utc`).
CREATE TABLE website_pending_creates (
  site_id  INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  kind     TEXT    NOT NULL,
  local_id INTEGER NOT NULL,
  sent_utc TEXT    NOT NULL,
  PRIMARY KEY (site_id, kind, local_id)
) WITHOUT ROWID;
