-- The website's default currency symbol (TEC's `defaultCurrencySymbol` setting, `$` unless changed):
-- a website cost written without a symbol ("15") is shown there with it, so the sync reads it with
-- that symbol, never with Almanac's own (server/website-sync/cost.ts). TEC shows the setting only in
-- v1's formatted `cost` of an event without a symbol of its own: the sync learns it there. NULL until
-- seen (TEC's `$` is assumed meanwhile).
ALTER TABLE website_connections ADD COLUMN remote_currency_symbol TEXT;
