-- The search index (issue 39): SQLite FTS5 with the trigram tokenizer, so `search` finds a
-- substring of three characters or more through the index instead of reading every event of the
-- window. Contentless (content=''): the text stays only in posts and translations; the index keeps
-- the trigrams and their positions, enough for exact substring matches. contentless_delete lets
-- the triggers take a row out when its post changes. The tokenizer string is SEARCH_TOKENIZER
-- (server/domain/search-fold.ts), whose folding of case and accents the scan repeats exactly.
--
-- Triggers keep the index in the same transaction as every write, whoever makes it (the API,
-- imports, CalDAV, the CLI, series upkeep, the website sync, a restore of an older copy).
-- What each type's searched text is lives in server/db/repositories/search-index.ts
-- (postSearchText), which test/db/search-index.test.ts compares with these triggers.

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

-- A new post's id is never one given before (sites.next_post_id), so it has no row to replace.
CREATE TRIGGER search_posts_insert AFTER INSERT ON posts WHEN NEW.type IN ('event', 'venue', 'organizer') BEGIN
  INSERT INTO search_posts (rowid, text) VALUES (NEW.site_id * 4294967296 + NEW.id, CASE NEW.type
    WHEN 'event' THEN concat_ws(char(10), NEW.title, NEW.excerpt, NEW.content)
    WHEN 'venue' THEN concat_ws(char(10), NEW.title, NEW.content, NEW.excerpt, NEW.address, NEW.city, NEW.province, NEW.state, NEW.stateprovince, NEW.zip, NEW.phone)
    WHEN 'organizer' THEN concat_ws(char(10), NEW.title, NEW.content, NEW.excerpt, NEW.phone, NEW.email, NEW.website)
  END);
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
  DELETE FROM search_posts WHERE rowid = OLD.site_id * 4294967296 + OLD.id;
  INSERT INTO search_posts (rowid, text) SELECT NEW.site_id * 4294967296 + NEW.id, CASE NEW.type
    WHEN 'event' THEN concat_ws(char(10), NEW.title, NEW.excerpt, NEW.content)
    WHEN 'venue' THEN concat_ws(char(10), NEW.title, NEW.content, NEW.excerpt, NEW.address, NEW.city, NEW.province, NEW.state, NEW.stateprovince, NEW.zip, NEW.phone)
    WHEN 'organizer' THEN concat_ws(char(10), NEW.title, NEW.content, NEW.excerpt, NEW.phone, NEW.email, NEW.website)
  END
  WHERE NEW.type IN ('event', 'venue', 'organizer');
END;

CREATE TRIGGER search_posts_delete AFTER DELETE ON posts WHEN OLD.type IN ('event', 'venue', 'organizer') BEGIN
  DELETE FROM search_posts WHERE rowid = OLD.site_id * 4294967296 + OLD.id;
END;

-- A post's translations in one language are one row: any change to one of them writes it again.
CREATE TRIGGER search_translations_insert AFTER INSERT ON translations WHEN NEW.kind = 'post' BEGIN
  INSERT OR IGNORE INTO search_translation_docs (site_id, object_id, language)
  VALUES (NEW.site_id, NEW.object_id, NEW.language);
  DELETE FROM search_translations WHERE rowid = (SELECT doc FROM search_translation_docs
    WHERE site_id = NEW.site_id AND object_id = NEW.object_id AND language = NEW.language);
  INSERT INTO search_translations (rowid, text)
  SELECT d.doc, (SELECT group_concat(t.value, char(10)) FROM translations t WHERE t.site_id = d.site_id
      AND t.kind = 'post' AND t.object_id = d.object_id AND t.language = d.language)
  FROM search_translation_docs d
  WHERE d.site_id = NEW.site_id AND d.object_id = NEW.object_id AND d.language = NEW.language;
END;

CREATE TRIGGER search_translations_update AFTER UPDATE ON translations
WHEN OLD.kind = 'post' OR NEW.kind = 'post' BEGIN
  -- The old key's row (the same as the new one unless the key itself changed)…
  DELETE FROM search_translations WHERE rowid = (SELECT doc FROM search_translation_docs
    WHERE site_id = OLD.site_id AND object_id = OLD.object_id AND language = OLD.language);
  INSERT INTO search_translations (rowid, text)
  SELECT d.doc, g.text FROM search_translation_docs d, (SELECT group_concat(t.value, char(10)) AS text
      FROM translations t WHERE t.site_id = OLD.site_id AND t.kind = 'post' AND t.object_id = OLD.object_id
      AND t.language = OLD.language) g
  WHERE d.site_id = OLD.site_id AND d.object_id = OLD.object_id AND d.language = OLD.language AND g.text IS NOT NULL;
  DELETE FROM search_translation_docs WHERE site_id = OLD.site_id AND object_id = OLD.object_id
    AND language = OLD.language AND NOT EXISTS (SELECT 1 FROM translations t WHERE t.site_id = OLD.site_id
      AND t.kind = 'post' AND t.object_id = OLD.object_id AND t.language = OLD.language);
  -- …and the new key's.
  INSERT OR IGNORE INTO search_translation_docs (site_id, object_id, language)
  SELECT NEW.site_id, NEW.object_id, NEW.language WHERE NEW.kind = 'post';
  DELETE FROM search_translations WHERE rowid = (SELECT doc FROM search_translation_docs
    WHERE site_id = NEW.site_id AND object_id = NEW.object_id AND language = NEW.language);
  INSERT INTO search_translations (rowid, text)
  SELECT d.doc, g.text FROM search_translation_docs d, (SELECT group_concat(t.value, char(10)) AS text
      FROM translations t WHERE t.site_id = NEW.site_id AND t.kind = 'post' AND t.object_id = NEW.object_id
      AND t.language = NEW.language) g
  WHERE d.site_id = NEW.site_id AND d.object_id = NEW.object_id AND d.language = NEW.language AND g.text IS NOT NULL;
END;

CREATE TRIGGER search_translations_delete AFTER DELETE ON translations WHEN OLD.kind = 'post' BEGIN
  DELETE FROM search_translations WHERE rowid = (SELECT doc FROM search_translation_docs
    WHERE site_id = OLD.site_id AND object_id = OLD.object_id AND language = OLD.language);
  INSERT INTO search_translations (rowid, text)
  SELECT d.doc, g.text FROM search_translation_docs d, (SELECT group_concat(t.value, char(10)) AS text
      FROM translations t WHERE t.site_id = OLD.site_id AND t.kind = 'post' AND t.object_id = OLD.object_id
      AND t.language = OLD.language) g
  WHERE d.site_id = OLD.site_id AND d.object_id = OLD.object_id AND d.language = OLD.language AND g.text IS NOT NULL;
  DELETE FROM search_translation_docs WHERE site_id = OLD.site_id AND object_id = OLD.object_id
    AND language = OLD.language AND NOT EXISTS (SELECT 1 FROM translations t WHERE t.site_id = OLD.site_id
      AND t.kind = 'post' AND t.object_id = OLD.object_id AND t.language = OLD.language);
END;
