-- Term counts are kept on the term (as WordPress's term_taxonomy.count) instead of counting
-- published events per request, which grew with the calendar (profiled: most of a list request).
ALTER TABLE terms ADD COLUMN count INTEGER NOT NULL DEFAULT 0;
UPDATE terms SET count = (
  SELECT COUNT(*) FROM term_posts tp JOIN posts p ON p.site_id = tp.site_id AND p.id = tp.post_id
  WHERE tp.site_id = terms.site_id AND tp.term_id = terms.id AND p.type = 'event' AND p.status = 'publish'
);
CREATE INDEX terms_by_count ON terms (site_id, taxonomy, count);

-- Covering indexes for the event list: the window, visibility and listing flags are all in the
-- index, so COUNT(*) and the page never fetch rows they then discard.
DROP INDEX events_by_start;
DROP INDEX events_by_end;
CREATE INDEX events_by_start ON posts (site_id, type, status, start_utc, end_utc, hide_from_listings, featured, id)
  WHERE type = 'event';
CREATE INDEX events_by_end ON posts (site_id, type, status, end_utc, start_utc, hide_from_listings, featured, id)
  WHERE type = 'event';
