-- Overlay promos (spec §3 'Overlay promo', §4): the club can disable a promo without deleting it
-- or moving its window. Only enabled promos inside their window are served
-- (GET /api/promo-overlays/?channel=Web). The admin API's create/update/disable writes this table.
ALTER TABLE overlay_promos ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1));
