-- Undo of a change to a whole series (issue 28): before "all events", "this and following" or a
-- delete of a series, what it touches is kept here (the series, every occurrence row with its
-- links, terms, translations and names elsewhere) for a short while, under a token the answer
-- carries; POST almanac/v1/series/undo puts it back. Only the newest few per site are kept.
CREATE TABLE series_undo (
  token       TEXT    PRIMARY KEY,
  site_id     INTEGER NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  created_utc TEXT    NOT NULL,
  data        TEXT    NOT NULL
) WITHOUT ROWID;
CREATE INDEX series_undo_by_site ON series_undo (site_id, created_utc);
