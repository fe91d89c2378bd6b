-- CalDAV (issue 30). A calendar app names each object it creates itself (`PUT …/<name>.ics`) and
-- expects to find it under that name ever after; an event made anywhere else is served as
-- `almanac-<id>.ics`. The name outlives the event on purpose (no foreign key): after a delete,
-- sync-collection must still tell clients which name went away.
CREATE TABLE caldav_names (
  site_id INTEGER NOT NULL,
  post_id INTEGER NOT NULL,
  name    TEXT    NOT NULL,
  PRIMARY KEY (site_id, post_id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX caldav_names_by_name ON caldav_names (site_id, name);

-- What a calendar app set on its copy of a site's calendar (PROPPATCH): its display name and
-- colour, per user — each person's phone shows their own choice, the site's title is untouched.
CREATE TABLE caldav_calendar_props (
  site_id      INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  display_name TEXT,
  color        TEXT,
  PRIMARY KEY (site_id, user_id)
) WITHOUT ROWID;
