-- Category and tag filters are almost always combined with a date window. Carrying the event's
-- start on each term assignment lets one index answer "events of these terms in this window"
-- instead of building the set of every event of the terms (100,000 ids at a million events).
-- Triggers keep it right whatever writes the rows.
ALTER TABLE term_posts ADD COLUMN start_utc TEXT;
UPDATE term_posts SET start_utc = (
  SELECT p.start_utc FROM posts p WHERE p.site_id = term_posts.site_id AND p.id = term_posts.post_id
);
CREATE INDEX term_posts_by_start ON term_posts (site_id, term_id, start_utc, post_id);

CREATE TRIGGER term_posts_start_on_insert AFTER INSERT ON term_posts BEGIN
  UPDATE term_posts SET start_utc = (SELECT p.start_utc FROM posts p WHERE p.site_id = NEW.site_id AND p.id = NEW.post_id)
  WHERE site_id = NEW.site_id AND term_id = NEW.term_id AND post_id = NEW.post_id;
END;

CREATE TRIGGER posts_start_to_term_posts AFTER UPDATE OF start_utc ON posts BEGIN
  UPDATE term_posts SET start_utc = NEW.start_utc WHERE site_id = NEW.site_id AND post_id = NEW.id;
END;
