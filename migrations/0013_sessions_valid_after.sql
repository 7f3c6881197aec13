-- Sign-out everywhere: a site session cookie issued before this time (unix ms) no
-- longer counts, whatever its own expiry. NULL: the account was never signed out everywhere.
-- The session middleware already reads the account row at every request, so checking it costs
-- no extra query.
ALTER TABLE accounts ADD COLUMN sessions_valid_after INTEGER;
