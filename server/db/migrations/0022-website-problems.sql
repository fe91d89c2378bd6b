-- What a sync with the website could not settle alone (issue 38): conflicts the user decides
-- ("keep mine / take theirs"), and objects the website refused, with its reason. Both stay until
-- resolved (or until the object changes again); the others go on syncing meanwhile.
CREATE TABLE website_conflicts (
  id          INTEGER PRIMARY KEY,
  site_id     INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  kind        TEXT    NOT NULL,    -- event, venue, organizer, category, tag
  local_id    INTEGER,
  remote_id   INTEGER,
  -- 'fields': the same fields changed on both sides; 'deleted_here': deleted here, changed on the
  -- website; 'deleted_there': deleted on the website, changed here.
  conflict_type TEXT  NOT NULL CHECK (conflict_type IN ('fields', 'deleted_here', 'deleted_there')),
  title       TEXT    NOT NULL,    -- what the user recognises it by
  fields      TEXT    NOT NULL,    -- JSON: [{field, base, mine, theirs}]
  created_utc TEXT    NOT NULL
);
CREATE UNIQUE INDEX website_conflicts_by_object ON website_conflicts (site_id, kind, local_id, remote_id);

CREATE TABLE website_failures (
  id          INTEGER PRIMARY KEY,
  site_id     INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  kind        TEXT    NOT NULL,
  local_id    INTEGER,
  remote_id   INTEGER,
  direction   TEXT    NOT NULL CHECK (direction IN ('send', 'receive')),
  title       TEXT    NOT NULL,
  code        TEXT    NOT NULL,    -- the website's error code (rest_invalid_param…) or ours
  message     TEXT    NOT NULL,    -- its reason, in words
  status      INTEGER,             -- the HTTP status, when the website answered
  attempts    INTEGER NOT NULL DEFAULT 1,
  created_utc TEXT    NOT NULL,
  updated_utc TEXT    NOT NULL
);
CREATE UNIQUE INDEX website_failures_by_object ON website_failures (site_id, kind, local_id, remote_id, direction);

CREATE TRIGGER changes_website_conflict_insert AFTER INSERT ON website_conflicts BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (NEW.site_id, 'website', NEW.site_id, 'update');
END;
CREATE TRIGGER changes_website_conflict_delete AFTER DELETE ON website_conflicts BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (OLD.site_id, 'website', OLD.site_id, 'update');
END;
CREATE TRIGGER changes_website_failure_insert AFTER INSERT ON website_failures BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (NEW.site_id, 'website', NEW.site_id, 'update');
END;
CREATE TRIGGER changes_website_failure_delete AFTER DELETE ON website_failures BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (OLD.site_id, 'website', OLD.site_id, 'update');
END;
