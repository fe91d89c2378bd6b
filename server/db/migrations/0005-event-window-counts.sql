-- Exact totals for date-window lists without visiting every event in the window.
-- The API returns exact totals (X-TEC-Total), so a list's COUNT used to walk the window in the
-- date index: ~750,000 entries for the default window at a million events. Listable events
-- (hide_from_listings off) are counted here per (status, featured, UTC start day, UTC end day);
-- a window's total is then the sum of the rows whose days lie strictly inside it, plus the
-- events of its boundary days counted exactly from the index (server/db/repositories/event-window-count.ts).
-- Triggers keep the counts right whatever writes posts (API, CLI, restore of an older copy).
CREATE TABLE event_window_counts (
  site_id   INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  status    TEXT    NOT NULL,
  featured  INTEGER NOT NULL,
  start_day TEXT    NOT NULL,                     -- substr(start_utc, 1, 10)
  end_day   TEXT    NOT NULL,                     -- substr(end_utc, 1, 10)
  n         INTEGER NOT NULL,
  PRIMARY KEY (site_id, status, featured, start_day, end_day)
) WITHOUT ROWID;

INSERT INTO event_window_counts (site_id, status, featured, start_day, end_day, n)
SELECT site_id, status, COALESCE(featured, 0), COALESCE(substr(start_utc, 1, 10), ''),
       COALESCE(substr(end_utc, 1, 10), ''), COUNT(*)
FROM posts WHERE type = 'event' AND COALESCE(hide_from_listings, 0) = 0
GROUP BY 1, 2, 3, 4, 5;

CREATE TRIGGER event_window_counts_insert AFTER INSERT ON posts
WHEN NEW.type = 'event' AND COALESCE(NEW.hide_from_listings, 0) = 0 BEGIN
  INSERT INTO event_window_counts (site_id, status, featured, start_day, end_day, n)
  VALUES (NEW.site_id, NEW.status, COALESCE(NEW.featured, 0), COALESCE(substr(NEW.start_utc, 1, 10), ''),
          COALESCE(substr(NEW.end_utc, 1, 10), ''), 1)
  ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER event_window_counts_delete AFTER DELETE ON posts
WHEN OLD.type = 'event' AND COALESCE(OLD.hide_from_listings, 0) = 0 BEGIN
  UPDATE event_window_counts SET n = n - 1
  WHERE site_id = OLD.site_id AND status = OLD.status AND featured = COALESCE(OLD.featured, 0)
    AND start_day = COALESCE(substr(OLD.start_utc, 1, 10), '') AND end_day = COALESCE(substr(OLD.end_utc, 1, 10), '');
END;

-- An update of any counted column moves the event from its old row to its new one (a no-op
-- pair when the values did not change).
CREATE TRIGGER event_window_counts_update AFTER UPDATE OF type, status, featured, hide_from_listings, start_utc, end_utc
ON posts WHEN OLD.type = 'event' OR NEW.type = 'event' BEGIN
  UPDATE event_window_counts SET n = n - 1
  WHERE OLD.type = 'event' AND COALESCE(OLD.hide_from_listings, 0) = 0
    AND site_id = OLD.site_id AND status = OLD.status AND featured = COALESCE(OLD.featured, 0)
    AND start_day = COALESCE(substr(OLD.start_utc, 1, 10), '') AND end_day = COALESCE(substr(OLD.end_utc, 1, 10), '');
  INSERT INTO event_window_counts (site_id, status, featured, start_day, end_day, n)
  SELECT NEW.site_id, NEW.status, COALESCE(NEW.featured, 0), COALESCE(substr(NEW.start_utc, 1, 10), ''),
         COALESCE(substr(NEW.end_utc, 1, 10), ''), 1
  WHERE NEW.type = 'event' AND COALESCE(NEW.hide_from_listings, 0) = 0
  ON CONFLICT DO UPDATE SET n = n + 1;
END;
