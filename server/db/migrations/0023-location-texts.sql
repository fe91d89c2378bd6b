-- The LOCATION a calendar app or a calendar file wrote for an event (issue 36): the import and
-- CalDAV make a venue of it (split into street, ZIP, city…) and link the event to it, and the
-- export wrote the venue's fields back in their own order ("Centro Cultural Latino, Av. Ámsterdam,
-- 1512" came back as "…, 1512 Av. Ámsterdam"). The text is kept beside the link, with the venue it
-- was linked to and that venue's own line at the time: while both are unchanged, LOCATION is the
-- text as written; once the event's venue or the venue's fields change, the venue's line again.
CREATE TABLE location_texts (
  site_id    INTEGER NOT NULL,
  post_id    INTEGER NOT NULL,
  venue_id   INTEGER NOT NULL,
  venue_line TEXT    NOT NULL,
  text       TEXT    NOT NULL,
  PRIMARY KEY (site_id, post_id),
  FOREIGN KEY (site_id, post_id) REFERENCES posts (site_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
