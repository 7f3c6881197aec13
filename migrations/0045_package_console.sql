-- The console's packages (/admin/packages) count each price's holders: purchases by price, by status.
CREATE INDEX purchases_price ON purchases (price_id, status);
