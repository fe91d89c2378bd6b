-- Which event a calendar file's UID became (issue 22): a re-import of the same file, or of a
-- later export of the same calendar, updates those events instead of adding copies, and an export
-- gives them their original UID back so subscribers and other calendars recognise them. Deleting
-- the event forgets its UID (the next import creates it again).
CREATE TABLE import_uids (
  site_id INTEGER NOT NULL,
  uid     TEXT    NOT NULL,
  post_id INTEGER NOT NULL,
  PRIMARY KEY (site_id, uid),
  FOREIGN KEY (site_id, post_id) REFERENCES posts (site_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE UNIQUE INDEX import_uids_by_post ON import_uids (site_id, post_id);
