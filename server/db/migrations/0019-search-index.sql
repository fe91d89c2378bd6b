-- The search index (issue 39): SQLite FTS5 with the trigram tokenizer, so `search` finds a
-- substring of three characters or more through the index instead of reading every event of the
-- window. Contentless (content=''): the text stays only in posts and translations; the index keeps
-- the trigrams and their positions, enough for exact substring matches. contentless_delete lets
-- a row be taken out by its rowid alone when its post changes. The tokenizer string is
-- SEARCH_TOKENIZER (server/domain/search-fold.ts), whose folding the scan repeats exactly.
--
-- Triggers note, in the same transaction as every write, whoever makes it (the API, imports,
-- CalDAV, the CLI, series upkeep, the website sync, a restore of an older copy), which posts'
-- index rows are no longer right: search_queue. The service folds the queue into the index a
-- batch per statement, within a second (server/operations/search-index-upkeep.ts), and until
-- then a search tests the queued posts' rows themselves — so it always answers from the data as
-- committed. Not the index itself from the triggers: FTS5 writes its pending rows out at every
-- statement savepoint, and a trigger runs in one: a segment per row (an import of 10,000 events
-- took 2.3× as long, a create wrote 9 more WAL pages).
-- What each type's searched text is lives in server/db/repositories/search-index.ts
-- (postSearchText).

-- One row per event, venue and organizer: rowid = site_id * 2^32 + id; text = its searched fields,
-- one per line (no search term holds a line break, so no match spans two fields).
CREATE VIRTUAL TABLE search_posts USING fts5(
  text, tokenize = 'trigram remove_diacritics 2', content = '', contentless_delete = 1
);

-- One row per post and language with translated fields: rowid = doc below; text = the values.
CREATE TABLE search_translation_docs (
  doc       INTEGER PRIMARY KEY,
  site_id   INTEGER NOT NULL,
  object_id INTEGER NOT NULL,
  language  TEXT    NOT NULL,
  UNIQUE (site_id, object_id, language)
);
CREATE VIRTUAL TABLE search_translations USING fts5(
  text, tokenize = 'trigram remove_diacritics 2', content = '', contentless_delete = 1
);

-- Posts that existed before this migration are indexed after start-up, in small steps
-- (server/db/search-backfill.ts), not here: a calendar of a million events must not wait at start.
-- Until phase is 'done', searches read the rows as before. The cursor is the last key indexed.
CREATE TABLE search_backfill (
  id        INTEGER PRIMARY KEY CHECK (id = 1),
  phase     TEXT    NOT NULL CHECK (phase IN ('posts', 'translations', 'done')),
  site_id   INTEGER NOT NULL DEFAULT 0,
  object_id INTEGER NOT NULL DEFAULT -1,
  language  TEXT    NOT NULL DEFAULT '',
  done      INTEGER NOT NULL DEFAULT 0,
  total     INTEGER                       -- NULL until the backfill has counted its work
);
INSERT INTO search_backfill (id, phase)
SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM posts WHERE type IN ('event', 'venue', 'organizer'))
                 OR EXISTS (SELECT 1 FROM translations WHERE kind = 'post')
               THEN 'posts' ELSE 'done' END;

-- Posts whose index row is missing or stale (written, changed or deleted since the last fold).
CREATE TABLE search_queue (
  site_id INTEGER NOT NULL,
  id      INTEGER NOT NULL,
  PRIMARY KEY (site_id, id)
) WITHOUT ROWID;

-- Posts' translations into a language, likewise.
CREATE TABLE search_translation_queue (
  site_id   INTEGER NOT NULL,
  object_id INTEGER NOT NULL,
  language  TEXT    NOT NULL,
  PRIMARY KEY (site_id, object_id, language)
) WITHOUT ROWID;

CREATE TRIGGER search_posts_insert AFTER INSERT ON posts WHEN NEW.type IN ('event', 'venue', 'organizer') BEGIN
  INSERT OR IGNORE INTO search_queue (site_id, id) VALUES (NEW.site_id, NEW.id);
END;

-- Only when a searched field changed: a status change (trash, restore, publish) or a date move
-- leaves the index alone.
CREATE TRIGGER search_posts_update AFTER UPDATE OF
  site_id, id, type, title, excerpt, content, address, city, province, state, stateprovince, zip, phone, email, website
ON posts
WHEN (OLD.type IN ('event', 'venue', 'organizer') OR NEW.type IN ('event', 'venue', 'organizer'))
  AND (OLD.site_id IS NOT NEW.site_id OR OLD.id IS NOT NEW.id OR OLD.type IS NOT NEW.type
    OR OLD.title IS NOT NEW.title OR OLD.excerpt IS NOT NEW.excerpt OR OLD.content IS NOT NEW.content
    OR OLD.address IS NOT NEW.address OR OLD.city IS NOT NEW.city OR OLD.province IS NOT NEW.province
    OR OLD.state IS NOT NEW.state OR OLD.stateprovince IS NOT NEW.stateprovince OR OLD.zip IS NOT NEW.zip
    OR OLD.phone IS NOT NEW.phone OR OLD.email IS NOT NEW.email OR OLD.website IS NOT NEW.website)
BEGIN
  INSERT OR IGNORE INTO search_queue (site_id, id) VALUES (OLD.site_id, OLD.id), (NEW.site_id, NEW.id);
END;

CREATE TRIGGER search_posts_delete AFTER DELETE ON posts WHEN OLD.type IN ('event', 'venue', 'organizer') BEGIN
  INSERT OR IGNORE INTO search_queue (site_id, id) VALUES (OLD.site_id, OLD.id);
END;

CREATE TRIGGER search_translations_insert AFTER INSERT ON translations WHEN NEW.kind = 'post' BEGIN
  INSERT OR IGNORE INTO search_translation_queue (site_id, object_id, language)
  VALUES (NEW.site_id, NEW.object_id, NEW.language);
END;

CREATE TRIGGER search_translations_update AFTER UPDATE ON translations
WHEN OLD.kind = 'post' OR NEW.kind = 'post' BEGIN
  INSERT OR IGNORE INTO search_translation_queue (site_id, object_id, language)
  SELECT OLD.site_id, OLD.object_id, OLD.language WHERE OLD.kind = 'post'
  UNION ALL SELECT NEW.site_id, NEW.object_id, NEW.language WHERE NEW.kind = 'post';
END;

CREATE TRIGGER search_translations_delete AFTER DELETE ON translations WHEN OLD.kind = 'post' BEGIN
  INSERT OR IGNORE INTO search_translation_queue (site_id, object_id, language)
  VALUES (OLD.site_id, OLD.object_id, OLD.language);
END;
