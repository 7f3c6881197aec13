-- A live stream may be limited to some countries (spec §8 ERR_56882466_2).
-- JSON array of ISO 3166-1 alpha-2 codes ('["GB","IE"]'); NULL plays everywhere.
ALTER TABLE live_stream_assets ADD COLUMN allowed_countries TEXT;
