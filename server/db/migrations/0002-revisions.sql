-- A revision counter per post and term: the ETag of an item, so updates can carry If-Match and
-- two editors (the desktop UI and an external tool) cannot silently overwrite each other.
ALTER TABLE posts ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
ALTER TABLE terms ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
