-- The calendar's range feed (almanac/v1/event-feed) reads every event of a month: 4,000 rows on a
-- calendar of 100k events over two years. Through events_by_start each row cost a primary-key
-- lookup into posts (~20 µs apiece on a 2-core machine: 120 ms for six weeks); with the columns a
-- calendar draws in the index itself, the window is one range scan (20 ms).
--
-- The new columns go after the old ones, so every query events_by_start served keeps the same
-- prefix and stays covering. It replaces the index rather than adding one: a third date index cost
-- every event create 1.2 more WAL frames (test/db/write-pages.test.ts); the price here is a wider
-- index (longer scans of boundary days and pages, measured in docs/PERFORMANCE.md).
DROP INDEX events_by_start;
CREATE INDEX events_by_start ON posts (
  site_id, type, status, start_utc, end_utc, hide_from_listings, featured, id,
  all_day, revision, timezone, start_local, end_local, title
) WHERE type = 'event';
