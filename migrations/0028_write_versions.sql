-- Whole-set versions for writes whose rules read many rows: the page tree (no cycle, one position
-- per sibling, addresses computed from the tree) and the redirects (no chain, no loop). A write
-- reads the rows and the version in one batch, decides, then writes in one batch that starts by
-- claiming that version (worker/db/write-version.ts): when another write came in between, the
-- claim breaks the CHECK, the whole batch rolls back and the writer answers 409. Two parallel
-- moves can so never build a cycle out of two checks that each passed alone.
CREATE TABLE write_versions (
  name TEXT PRIMARY KEY,
  version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0)
) WITHOUT ROWID;
INSERT INTO write_versions (name) VALUES ('page-tree'), ('redirects');

-- Every write to the sets moves their version, whoever makes it (the console's tree and redirect
-- writes, the admin API's menu entries, a migration), so a decision made on an older read never lands.
CREATE TRIGGER menu_pages_insert_version AFTER INSERT ON menu_pages BEGIN UPDATE write_versions SET version = version + 1 WHERE name = 'page-tree' AND version >= 0; END;
CREATE TRIGGER menu_pages_update_version AFTER UPDATE ON menu_pages BEGIN UPDATE write_versions SET version = version + 1 WHERE name = 'page-tree' AND version >= 0; END;
CREATE TRIGGER menu_pages_delete_version AFTER DELETE ON menu_pages BEGIN UPDATE write_versions SET version = version + 1 WHERE name = 'page-tree' AND version >= 0; END;
CREATE TRIGGER redirects_insert_version AFTER INSERT ON redirects BEGIN UPDATE write_versions SET version = version + 1 WHERE name = 'redirects' AND version >= 0; END;
CREATE TRIGGER redirects_update_version AFTER UPDATE ON redirects BEGIN UPDATE write_versions SET version = version + 1 WHERE name = 'redirects' AND version >= 0; END;
CREATE TRIGGER redirects_delete_version AFTER DELETE ON redirects BEGIN UPDATE write_versions SET version = version + 1 WHERE name = 'redirects' AND version >= 0; END;
