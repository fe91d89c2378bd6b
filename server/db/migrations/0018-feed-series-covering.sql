-- The range feed (almanac/v1/event-feed) tells each event's series (issue 28), and series_id was
-- not in events_by_start: the month's feed stopped being one covering range scan (0008) and
-- looked up every event's row in posts again — 4,000 lookups for a month of a calendar of 100k
-- events, ~3× the feed's time. series_id joins the index's columns, after the others, so every
-- query the index served keeps its prefix and stays covering (test/db/query-plans.test.ts checks
-- the feed's plan).
DROP INDEX events_by_start;
CREATE INDEX events_by_start ON posts (
  site_id, type, status, start_utc, end_utc, hide_from_listings, featured, id,
  all_day, revision, timezone, start_local, end_local, title, series_id
) WHERE type = 'event';
