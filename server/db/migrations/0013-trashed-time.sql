-- When each post went to the trash (issue 29: the Trash screen showed its last edit instead, and
-- an edit made in the trash moved it). Posts trashed before this migration keep their last edit
-- time, the best guess there is.
ALTER TABLE posts ADD COLUMN trashed_utc TEXT;
UPDATE posts SET trashed_utc = modified_utc WHERE status = 'trash';
