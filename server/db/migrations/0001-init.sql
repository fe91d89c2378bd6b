-- Initial schema. Every table is keyed by site, so one data dir can hold several
-- independent calendars with their own id sequences (contract §1–2).

CREATE TABLE sites (
  id            INTEGER PRIMARY KEY,
  code          TEXT    NOT NULL UNIQUE,          -- 'default' is served at the root
  title         TEXT    NOT NULL,
  timezone      TEXT    NOT NULL,
  language      TEXT    NOT NULL DEFAULT 'en',
  per_page      INTEGER NOT NULL DEFAULT 10,
  require_auth  INTEGER NOT NULL DEFAULT 0,       -- 1: every request needs a token
  geo_radius_km REAL    NOT NULL DEFAULT 25,
  currency_symbol   TEXT NOT NULL DEFAULT '$',
  currency_position TEXT NOT NULL DEFAULT 'prefix',
  currency_code     TEXT NOT NULL DEFAULT 'USD',
  next_post_id  INTEGER NOT NULL DEFAULT 1,       -- one post sequence: events, venues, organizers, images
  next_term_id  INTEGER NOT NULL DEFAULT 1,       -- one term sequence: categories and tags
  created_utc   TEXT    NOT NULL
);

CREATE TABLE users (
  id           INTEGER PRIMARY KEY,
  login        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  display_name TEXT NOT NULL,
  super_admin  INTEGER NOT NULL DEFAULT 0,        -- administrator of the whole install
  created_utc  TEXT NOT NULL
);

CREATE TABLE site_users (
  site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role    TEXT NOT NULL CHECK (role IN ('administrator','editor','author','contributor','subscriber')),
  PRIMARY KEY (site_id, user_id)
) WITHOUT ROWID;

-- API tokens: only a SHA-256 of the secret is stored; the public id locates the row so the
-- secret can be compared in constant time.
CREATE TABLE tokens (
  id           INTEGER PRIMARY KEY,
  public_id    TEXT NOT NULL UNIQUE,
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  secret_hash  BLOB NOT NULL,
  created_utc  TEXT NOT NULL,
  last_used_utc TEXT,
  revoked_utc  TEXT
);

-- Posts: events, venues, organizers and images share one table and one id sequence (as in
-- WordPress, an id names exactly one post). Type-specific columns are NULL for other types:
-- one table keeps list queries join-free and lets one index serve a whole filter.
CREATE TABLE posts (
  site_id      INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  id           INTEGER NOT NULL,
  type         TEXT    NOT NULL CHECK (type IN ('event','venue','organizer','image')),
  author       INTEGER NOT NULL DEFAULT 0,
  status       TEXT    NOT NULL CHECK (status IN ('publish','future','draft','pending','private','trash')),
  title        TEXT    NOT NULL DEFAULT '',
  content      TEXT    NOT NULL DEFAULT '',
  excerpt      TEXT    NOT NULL DEFAULT '',
  slug         TEXT    NOT NULL DEFAULT '',
  password     TEXT    NOT NULL DEFAULT '',
  parent       INTEGER NOT NULL DEFAULT 0,
  image_id     INTEGER,                           -- featured image (a post of type 'image')
  date_local   TEXT    NOT NULL,                  -- publication date, site time
  date_utc     TEXT    NOT NULL,
  modified_local TEXT  NOT NULL,
  modified_utc TEXT    NOT NULL,
  trashed_status TEXT,                            -- status before trashing, for restore
  -- shared by events and venues
  show_map      INTEGER,
  show_map_link INTEGER,
  website       TEXT,                             -- NULL: never set (events fall back to the permalink)
  -- events
  start_local  TEXT, end_local TEXT,              -- wall time in the event's timezone
  start_utc    TEXT, end_utc TEXT,                -- the instants, for filters and ordering
  timezone     TEXT, timezone_abbr TEXT,
  all_day      INTEGER,
  cost_raw     TEXT,                              -- JSON array of the given cost strings
  cost_symbol  TEXT, cost_position TEXT,
  hide_from_listings INTEGER,
  sticky       INTEGER,
  featured     INTEGER,
  -- venues
  address TEXT, city TEXT, country TEXT, province TEXT, state TEXT, zip TEXT, stateprovince TEXT,
  geo_lat REAL, geo_lng REAL,
  -- venues and organizers
  phone TEXT,
  -- organizers
  email TEXT,
  -- images
  url TEXT,
  PRIMARY KEY (site_id, id)
) WITHOUT ROWID;

CREATE INDEX posts_slug ON posts (site_id, type, slug);
-- Event lists: visibility (type, status) then the date window, ordered by start.
CREATE INDEX events_by_start ON posts (site_id, type, status, start_utc, id) WHERE type = 'event';
CREATE INDEX events_by_end ON posts (site_id, type, status, end_utc) WHERE type = 'event';
CREATE INDEX events_by_parent ON posts (site_id, parent) WHERE type = 'event' AND parent <> 0;
CREATE INDEX posts_by_title ON posts (site_id, type, title COLLATE NOCASE) WHERE type IN ('venue','organizer');
CREATE INDEX posts_by_date ON posts (site_id, type, status, date_utc);
CREATE INDEX venues_by_geo ON posts (site_id, geo_lat, geo_lng) WHERE type = 'venue' AND geo_lat IS NOT NULL;

-- Event → venue / organizer links, in the order given.
CREATE TABLE post_links (
  site_id   INTEGER NOT NULL,
  event_id  INTEGER NOT NULL,
  linked_id INTEGER NOT NULL,
  kind      TEXT NOT NULL CHECK (kind IN ('venue','organizer')),
  position  INTEGER NOT NULL,
  PRIMARY KEY (site_id, event_id, kind, linked_id),
  FOREIGN KEY (site_id, event_id) REFERENCES posts (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, linked_id) REFERENCES posts (site_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX post_links_by_linked ON post_links (site_id, linked_id, event_id);

CREATE TABLE terms (
  site_id     INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  id          INTEGER NOT NULL,
  taxonomy    TEXT NOT NULL CHECK (taxonomy IN ('category','tag')),
  name        TEXT NOT NULL,
  slug        TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  parent      INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, id),
  UNIQUE (site_id, taxonomy, slug)
) WITHOUT ROWID;
CREATE INDEX terms_by_name ON terms (site_id, taxonomy, name COLLATE NOCASE);
CREATE INDEX terms_by_parent ON terms (site_id, taxonomy, parent);

CREATE TABLE term_posts (
  site_id INTEGER NOT NULL,
  term_id INTEGER NOT NULL,
  post_id INTEGER NOT NULL,
  PRIMARY KEY (site_id, term_id, post_id),
  FOREIGN KEY (site_id, term_id) REFERENCES terms (site_id, id) ON DELETE CASCADE,
  FOREIGN KEY (site_id, post_id) REFERENCES posts (site_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX term_posts_by_post ON term_posts (site_id, post_id, term_id);

-- Translated variants of translatable fields (contract §1): one row per item, language, field.
CREATE TABLE translations (
  site_id   INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  kind      TEXT NOT NULL CHECK (kind IN ('post','term')),
  object_id INTEGER NOT NULL,
  language  TEXT NOT NULL,
  field     TEXT NOT NULL,
  value     TEXT NOT NULL,
  PRIMARY KEY (site_id, kind, object_id, language, field)
) WITHOUT ROWID;
