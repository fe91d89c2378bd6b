-- The app's own lists show events hidden from listings to whoever may edit them (issue 36): the
-- calendar's feed and the Events list. Their totals keep coming from the stored day counts of
-- listed events (0005), plus a count of the hidden ones in the window apart; this partial index
-- holds only the hidden events (few), so that count reads a few entries instead of the window's
-- every event, and no write of a listed event touches it.
CREATE INDEX hidden_events ON posts (site_id, type, status, start_utc, end_utc, author, featured, id)
WHERE hide_from_listings = 1;
