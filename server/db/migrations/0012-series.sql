-- Repeating events (issue 28), The Events Calendar Pro's classic model: every occurrence is an event
-- of its own (id, slug, venue, status, translations), and the occurrences of a series point to its
-- first occurrence through `parent` (post_parent in the API), so every client of svc/events/v1 sees
-- a weekly series as the events it is. The rule lives here, with the series.
--
-- An occurrence is known by its slot: the local date its rule gives it (series repeat at most once
-- a day, contract/recurrence.ts). `detached` marks an occurrence changed on its own ("this event
-- only"): later edits of the whole series leave it alone unless asked to include it.
CREATE TABLE series (
  id           INTEGER PRIMARY KEY,
  site_id      INTEGER NOT NULL REFERENCES sites (id),
  first_id     INTEGER NOT NULL,           -- the first occurrence: the others' parent
  rule         TEXT    NOT NULL,           -- an RRULE value, written by contract/recurrence.ts
  rdates       TEXT    NOT NULL DEFAULT '', -- extra dates, YYYY-MM-DD, comma-separated
  exdates      TEXT    NOT NULL DEFAULT '', -- excluded dates (an occurrence deleted on its own)
  timezone     TEXT    NOT NULL,
  start_local  TEXT    NOT NULL,           -- the first slot's wall start: its time is every occurrence's
  end_local    TEXT    NOT NULL,           -- the first slot's wall end: every occurrence's length
  all_day      INTEGER NOT NULL DEFAULT 0,
  horizon      TEXT    NOT NULL,           -- occurrences exist for slots up to this local date
  never_ends   INTEGER NOT NULL DEFAULT 0, -- the rule goes on past the horizon: upkeep moves it on
  uid          TEXT    NOT NULL,           -- the iCalendar UID of the whole series
  status       TEXT    NOT NULL DEFAULT 'active', -- 'trash' while the series is in the trash
  created_utc  TEXT    NOT NULL,
  modified_utc TEXT    NOT NULL
);
CREATE INDEX series_by_site ON series (site_id, status);
CREATE INDEX series_to_extend ON series (id) WHERE never_ends = 1 AND status = 'active';
CREATE UNIQUE INDEX series_by_uid ON series (site_id, uid);

ALTER TABLE posts ADD COLUMN series_id INTEGER;            -- NULL: not an occurrence
ALTER TABLE posts ADD COLUMN recurrence TEXT;              -- the occurrence's slot, YYYY-MM-DD
ALTER TABLE posts ADD COLUMN detached INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX occurrences_by_slot ON posts (series_id, recurrence) WHERE series_id IS NOT NULL;

-- How far ahead the occurrences of a series that never ends exist (The Events Calendar's default).
ALTER TABLE sites ADD COLUMN series_horizon_months INTEGER NOT NULL DEFAULT 24;

-- A series' own changes (its rule, its dates) reach the change stream as kind 'series'; its
-- occurrences' changes are already there as events.
CREATE TRIGGER changes_series_insert AFTER INSERT ON series BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (NEW.site_id, 'series', NEW.id, 'create');
END;
CREATE TRIGGER changes_series_update AFTER UPDATE ON series BEGIN
  INSERT INTO changes (site_id, kind, object_id, action)
  VALUES (NEW.site_id, 'series', NEW.id,
    CASE WHEN NEW.status = 'trash' AND OLD.status <> 'trash' THEN 'trash'
         WHEN OLD.status = 'trash' AND NEW.status <> 'trash' THEN 'restore'
         ELSE 'update' END);
END;
CREATE TRIGGER changes_series_delete AFTER DELETE ON series BEGIN
  INSERT INTO changes (site_id, kind, object_id, action) VALUES (OLD.site_id, 'series', OLD.id, 'delete');
END;
