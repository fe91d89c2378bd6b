-- Sign-in for the UI in a browser (the desktop window gets an in-memory session instead, never
-- written anywhere). Only SHA-256 hashes of the secrets are stored, as for API tokens.
--
-- A one-time sign-in code, printed by `almanac serve` as a URL: single use (deleted when
-- redeemed), valid for ten minutes.
CREATE TABLE sign_in_codes (
  code_hash   BLOB PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_utc TEXT NOT NULL
) WITHOUT ROWID;

-- A browser session behind an HttpOnly cookie. `nonce` must come back in X-WP-Nonce on every
-- request that uses the cookie, as WordPress asks of its own admin. A session opened with an API
-- token (`token_id`) ends when that token is revoked.
CREATE TABLE ui_sessions (
  id_hash      BLOB PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_id     INTEGER REFERENCES tokens(id) ON DELETE CASCADE,
  nonce        TEXT NOT NULL,
  created_utc  TEXT NOT NULL,
  expires_utc  TEXT NOT NULL
) WITHOUT ROWID;
