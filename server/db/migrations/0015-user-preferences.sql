-- The UI's preferences (theme, first day of the week, whose time zone, language, the content
-- variant), per user, kept by the service: a browser keeps localStorage per origin, and the
-- window's origin is http://127.0.0.1:<port>, the port 8940 only when it is free — so preferences
-- kept by the page were lost whenever the port changed. The UI owns their meaning; the service
-- keeps a small JSON object (almanac/v1/preferences).
CREATE TABLE user_preferences (
  user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  preferences TEXT NOT NULL,  -- a JSON object
  updated_utc TEXT NOT NULL
);
