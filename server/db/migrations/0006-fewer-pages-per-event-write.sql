-- Each page a write changes is one more frame in the WAL at commit (two writes of the file, and
-- copied again at the next checkpoint). A create with one category wrote ~16.7 frames; two of them
-- were avoidable:
--
-- 1. term_posts.start_utc was filled in by an AFTER INSERT trigger, so each assignment entered
--    term_posts_by_start under a NULL start and moved to its real place at once (~2.4 index pages
--    per create). The repository now inserts the start with the row; the trigger stays for any
--    other writer and fires only when the start is missing.
-- 2. terms_by_count served only `orderby=count` on term lists, which sort a site's terms (hundreds)
--    cheaply without it; every published event write moved the term's entry in it.
DROP INDEX terms_by_count;

DROP TRIGGER term_posts_start_on_insert;
CREATE TRIGGER term_posts_start_on_insert AFTER INSERT ON term_posts WHEN NEW.start_utc IS NULL BEGIN
  UPDATE term_posts SET start_utc = (SELECT p.start_utc FROM posts p WHERE p.site_id = NEW.site_id AND p.id = NEW.post_id)
  WHERE site_id = NEW.site_id AND term_id = NEW.term_id AND post_id = NEW.post_id;
END;
