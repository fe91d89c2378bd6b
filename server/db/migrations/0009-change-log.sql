-- The change log behind almanac/v1/changes (the live stream the UI refreshes from). Writes reach
-- the database from this server, from another server process on the same data dir and from the
-- CLI, so the log is written by triggers in the database itself: every committed change is in it,
-- whoever made it, in commit order (a rolled-back write leaves no row).
--
-- seq only grows: pruning always keeps the newest row, so the next rowid is never one given before
-- (AUTOINCREMENT would guarantee it too, at the price of writing sqlite_sequence's page on every
-- change: a WAL frame per write, test/db/write-pages.test.ts). A client resuming from seq N gets
-- exactly what came after N, or is told it fell too far behind.
-- Posts carry their author and both statuses, so a stream shows a change only to callers who may
-- read the post before or after it (a subscriber hears that a published event became a draft —
-- it must leave their view — but never of a draft they cannot read).
CREATE TABLE changes (
  seq        INTEGER PRIMARY KEY,
  site_id    INTEGER NOT NULL,
  kind       TEXT    NOT NULL,  -- event, venue, organizer, image, category, tag, site; 'all' after a bulk load
  object_id  INTEGER NOT NULL,
  action     TEXT    NOT NULL,  -- create, update, trash, restore, delete
  author     INTEGER,           -- posts only
  old_status TEXT,              -- posts only; NULL on create
  new_status TEXT,              -- posts only; NULL on delete
  changed_utc TEXT   NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))
);

CREATE TRIGGER changes_post_insert AFTER INSERT ON posts BEGIN
  INSERT INTO changes (site_id, kind, object_id, action, author, new_status)
  VALUES (NEW.site_id, NEW.type, NEW.id, 'create', NEW.author, NEW.status);
END;

CREATE TRIGGER changes_post_update AFTER UPDATE ON posts BEGIN
  INSERT INTO changes (site_id, kind, object_id, action, author, old_status, new_status)
  VALUES (NEW.site_id, NEW.type, NEW.id,
    CASE WHEN NEW.status = 'trash' AND OLD.status <> 'trash' THEN 'trash'
         WHEN OLD.status = 'trash' AND NEW.status <> 'trash' THEN 'restore'
         ELSE 'update' END,
    NEW.author, OLD.status, NEW.status);
END;

CREATE TRIGGER changes_post_delete AFTER DELETE ON posts BEGIN
  INSERT INTO changes (site_id, kind, object_id, action, author, old_status)
  VALUES (OLD.site_id, OLD.type, OLD.id, 'delete', OLD.author, OLD.status);
END;

CREATE TRIGGER changes_term_insert AFTER INSERT ON terms BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (NEW.site_id, NEW.taxonomy, NEW.id, 'create');
END;

-- Not `count`: that follows event writes, which are in the log themselves.
CREATE TRIGGER changes_term_update AFTER UPDATE OF name, slug, description, parent ON terms BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (NEW.site_id, NEW.taxonomy, NEW.id, 'update');
END;

CREATE TRIGGER changes_term_delete AFTER DELETE ON terms BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (OLD.site_id, OLD.taxonomy, OLD.id, 'delete');
END;

-- A translated variant is part of its post or term: an update of it, with the post's visibility.
-- (A post's own delete removes its translations after it: then there is no post to name, and the
-- delete itself is already in the log.)
CREATE TRIGGER changes_translation_insert AFTER INSERT ON translations BEGIN
  INSERT INTO changes (site_id, kind, object_id, action, author, old_status, new_status)
  SELECT NEW.site_id, p.type, p.id, 'update', p.author, p.status, p.status
  FROM posts p WHERE NEW.kind = 'post' AND p.site_id = NEW.site_id AND p.id = NEW.object_id
  UNION ALL
  SELECT NEW.site_id, t.taxonomy, t.id, 'update', NULL, NULL, NULL
  FROM terms t WHERE NEW.kind = 'term' AND t.site_id = NEW.site_id AND t.id = NEW.object_id;
END;

CREATE TRIGGER changes_translation_update AFTER UPDATE ON translations BEGIN
  INSERT INTO changes (site_id, kind, object_id, action, author, old_status, new_status)
  SELECT NEW.site_id, p.type, p.id, 'update', p.author, p.status, p.status
  FROM posts p WHERE NEW.kind = 'post' AND p.site_id = NEW.site_id AND p.id = NEW.object_id
  UNION ALL
  SELECT NEW.site_id, t.taxonomy, t.id, 'update', NULL, NULL, NULL
  FROM terms t WHERE NEW.kind = 'term' AND t.site_id = NEW.site_id AND t.id = NEW.object_id;
END;

CREATE TRIGGER changes_translation_delete AFTER DELETE ON translations BEGIN
  INSERT INTO changes (site_id, kind, object_id, action, author, old_status, new_status)
  SELECT OLD.site_id, p.type, p.id, 'update', p.author, p.status, p.status
  FROM posts p WHERE OLD.kind = 'post' AND p.site_id = OLD.site_id AND p.id = OLD.object_id
  UNION ALL
  SELECT OLD.site_id, t.taxonomy, t.id, 'update', NULL, NULL, NULL
  FROM terms t WHERE OLD.kind = 'term' AND t.site_id = OLD.site_id AND t.id = OLD.object_id;
END;

-- Sites: what their settings screens and every URL depend on (not the id counters, which move
-- with every post and term created).
CREATE TRIGGER changes_site_insert AFTER INSERT ON sites BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (NEW.id, 'site', NEW.id, 'create');
END;

CREATE TRIGGER changes_site_update AFTER UPDATE OF code, title, timezone, language, per_page, require_auth,
  geo_radius_km, currency_symbol, currency_position, currency_code ON sites BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (NEW.id, 'site', NEW.id, 'update');
END;

CREATE TRIGGER changes_site_delete AFTER DELETE ON sites BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (OLD.id, 'site', OLD.id, 'delete');
END;
