-- CalDAV (issue 30) with series (issue 28): a series is one calendar object resource, so a
-- calendar app's name for an object may now stand for an event or for a whole series. The names
-- move to a table keyed by what they name; a name stays unique within its site's calendar, and it
-- still outlives what it names (no foreign key) so sync-collection can report it gone.
CREATE TABLE caldav_object_names (
  site_id   INTEGER NOT NULL,
  kind      TEXT    NOT NULL CHECK (kind IN ('event', 'series')),
  object_id INTEGER NOT NULL,
  name      TEXT    NOT NULL,
  PRIMARY KEY (site_id, kind, object_id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX caldav_object_names_by_name ON caldav_object_names (site_id, name);
INSERT INTO caldav_object_names (site_id, kind, object_id, name)
  SELECT site_id, 'event', post_id, name FROM caldav_names;
DROP TABLE caldav_names;
