-- Web origins the user allowed to call the local API from a browser (CORS), besides the app's own:
-- someone previewing their own web widget against their calendar. Empty by default: a web page the
-- user happens to visit must never read their calendar. Managed with `almanac origins` and in
-- Settings; the server reads it on each cross-origin request, so a change applies at once.
CREATE TABLE allowed_origins (
  origin    TEXT PRIMARY KEY,  -- scheme://host[:port], lower case, no path
  added_utc TEXT NOT NULL
) WITHOUT ROWID;
