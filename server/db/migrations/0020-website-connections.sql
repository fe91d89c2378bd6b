-- Two-way sync with a The Events Calendar website (issue 38): one connection per site, and the
-- outgoing queue.
--
-- The password is never here: `credential_key` names it in a credential store outside the
-- calendar file (the operating system's keychain in the desktop app, a file only the user may
-- read for the command line; server/website-sync/credentials.ts).
CREATE TABLE website_connections (
  site_id          INTEGER PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  url              TEXT    NOT NULL,               -- the website's address (https://example.org)
  api_root         TEXT    NOT NULL,               -- its REST root (https://example.org/wp-json/)
  login            TEXT    NOT NULL,               -- the WordPress user
  remote_user_id   INTEGER NOT NULL,
  credential_key   TEXT    NOT NULL,
  mode             TEXT    NOT NULL CHECK (mode IN ('publish', 'import', 'merge')),
  first_sync_done  INTEGER NOT NULL DEFAULT 0,     -- the mode applies to the first sync only
  remote_timezone  TEXT    NOT NULL DEFAULT '',    -- WordPress's timezone_string ('' with a bare offset)
  remote_gmt_offset REAL   NOT NULL DEFAULT 0,     -- WordPress's gmt_offset, in hours
  paused_reason    TEXT,                           -- not NULL: syncing waits for the user (the password stopped working)
  -- Where the website's modified-since feeds stopped: the newest modified_gmt seen (UTC walls).
  events_cursor    TEXT,
  venues_cursor    TEXT,
  organizers_cursor TEXT,
  last_sweep_utc   TEXT,                           -- the last full sweep (what the feeds cannot show)
  last_sync_utc    TEXT,                           -- the last sync that finished
  last_attempt_utc TEXT,
  last_summary     TEXT,                           -- JSON: what the last sync did (sent, received, requests…)
  last_error       TEXT,                           -- why the last attempt failed (NULL after a good one)
  failed_attempts  INTEGER NOT NULL DEFAULT 0,     -- attempts failed in a row: the scheduler backs off
  -- One sync at a time per site, across processes (the app, the command line): a lease, renewed
  -- while the sync runs; a process that dies leaves it to expire.
  lock_owner       TEXT,
  lock_until       TEXT,
  created_utc      TEXT    NOT NULL
);

-- The outgoing queue: what changed here since it was last sent. Written by triggers, in the same
-- transaction as the change itself, whoever made it (the UI, a script, CalDAV, the command line,
-- an import): a change committed is queued, a change rolled back is not, and the queue survives a
-- quit or a crash with the database. One row per object (a second edit before the sync finds the
-- row there): the sync sends each object's whole state as it is then, never a diff.
CREATE TABLE website_outbox (
  site_id    INTEGER NOT NULL,
  kind       TEXT    NOT NULL,   -- event, venue, organizer, category, tag
  local_id   INTEGER NOT NULL,
  queued_utc TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')),
  version    INTEGER NOT NULL DEFAULT 1,  -- grows when it changes again: a send of an older version leaves it queued
  PRIMARY KEY (site_id, kind, local_id)
) WITHOUT ROWID;

-- While the sync writes the website's changes here, its transaction holds a row for the site in
-- this table (inserted first, deleted last, never committed): the triggers below leave those
-- writes out of the queue, so they are not sent back to where they came from.
CREATE TABLE website_quiet (
  site_id INTEGER PRIMARY KEY
);

CREATE TRIGGER website_outbox_post_insert AFTER INSERT ON posts
WHEN NEW.type IN ('event', 'venue', 'organizer')
  AND EXISTS (SELECT 1 FROM website_connections WHERE site_id = NEW.site_id)
  AND NOT EXISTS (SELECT 1 FROM website_quiet WHERE site_id = NEW.site_id)
BEGIN
  INSERT INTO website_outbox (site_id, kind, local_id) VALUES (NEW.site_id, NEW.type, NEW.id)
    ON CONFLICT (site_id, kind, local_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER website_outbox_post_update AFTER UPDATE ON posts
WHEN NEW.type IN ('event', 'venue', 'organizer')
  AND EXISTS (SELECT 1 FROM website_connections WHERE site_id = NEW.site_id)
  AND NOT EXISTS (SELECT 1 FROM website_quiet WHERE site_id = NEW.site_id)
BEGIN
  INSERT INTO website_outbox (site_id, kind, local_id) VALUES (NEW.site_id, NEW.type, NEW.id)
    ON CONFLICT (site_id, kind, local_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER website_outbox_post_delete AFTER DELETE ON posts
WHEN OLD.type IN ('event', 'venue', 'organizer')
  AND EXISTS (SELECT 1 FROM website_connections WHERE site_id = OLD.site_id)
  AND NOT EXISTS (SELECT 1 FROM website_quiet WHERE site_id = OLD.site_id)
BEGIN
  INSERT INTO website_outbox (site_id, kind, local_id) VALUES (OLD.site_id, OLD.type, OLD.id)
    ON CONFLICT (site_id, kind, local_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER website_outbox_term_insert AFTER INSERT ON terms
WHEN EXISTS (SELECT 1 FROM website_connections WHERE site_id = NEW.site_id)
  AND NOT EXISTS (SELECT 1 FROM website_quiet WHERE site_id = NEW.site_id)
BEGIN
  INSERT INTO website_outbox (site_id, kind, local_id) VALUES (NEW.site_id, NEW.taxonomy, NEW.id)
    ON CONFLICT (site_id, kind, local_id) DO UPDATE SET version = version + 1;
END;

-- Not `count`: it follows event writes.
CREATE TRIGGER website_outbox_term_update AFTER UPDATE OF name, slug, description, parent ON terms
WHEN EXISTS (SELECT 1 FROM website_connections WHERE site_id = NEW.site_id)
  AND NOT EXISTS (SELECT 1 FROM website_quiet WHERE site_id = NEW.site_id)
BEGIN
  INSERT INTO website_outbox (site_id, kind, local_id) VALUES (NEW.site_id, NEW.taxonomy, NEW.id)
    ON CONFLICT (site_id, kind, local_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER website_outbox_term_delete AFTER DELETE ON terms
WHEN EXISTS (SELECT 1 FROM website_connections WHERE site_id = OLD.site_id)
  AND NOT EXISTS (SELECT 1 FROM website_quiet WHERE site_id = OLD.site_id)
BEGIN
  INSERT INTO website_outbox (site_id, kind, local_id) VALUES (OLD.site_id, OLD.taxonomy, OLD.id)
    ON CONFLICT (site_id, kind, local_id) DO UPDATE SET version = version + 1;
END;

-- The sync's state on the change stream (kind 'website', the site's id): connected, paused,
-- a sync finished or failed. Not the cursors or the lease, which move while it runs.
CREATE TRIGGER changes_website_insert AFTER INSERT ON website_connections BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (NEW.site_id, 'website', NEW.site_id, 'create');
END;
CREATE TRIGGER changes_website_update AFTER UPDATE OF mode, paused_reason, last_sync_utc, last_attempt_utc,
  last_error, first_sync_done, lock_owner ON website_connections BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (NEW.site_id, 'website', NEW.site_id, 'update');
END;
CREATE TRIGGER changes_website_delete AFTER DELETE ON website_connections BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (OLD.site_id, 'website', OLD.site_id, 'delete');
END;
