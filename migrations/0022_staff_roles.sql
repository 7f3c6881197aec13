-- Staff roles: what each member of staff may do in the console (src/domain/staff-roles.ts holds
-- the capabilities of each role). One row per account and role, so a grant is an insert that
-- happens once (the primary key) and a revoke a delete; who granted it and when stay with the row.
CREATE TABLE staff_roles (
  account TEXT NOT NULL REFERENCES accounts(sso_id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('administrator', 'editor', 'match-operator', 'support', 'commerce')),
  granted_by TEXT NOT NULL,      -- the audit log's actor: staff:<ssoID>, or the admin API's actor
  granted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (account, role)
) WITHOUT ROWID;
-- "How many administrators are left" reads this index alone.
CREATE INDEX staff_roles_role ON staff_roles (role, account);

-- Everyone who held the one staff flag had every power: they become administrators, so nothing is lost.
INSERT INTO staff_roles (account, role, granted_by) SELECT sso_id, 'administrator', 'migration' FROM accounts WHERE staff = 1;

-- accounts.staff stays as "holds at least one role", kept by the database itself: the account
-- search's badge and the admin API read it with the row, and no write can make the two disagree.
CREATE TRIGGER staff_roles_granted AFTER INSERT ON staff_roles
BEGIN
  UPDATE accounts SET staff = 1 WHERE sso_id = NEW.account AND staff = 0;
END;
CREATE TRIGGER staff_roles_revoked AFTER DELETE ON staff_roles
BEGIN
  UPDATE accounts SET staff = 0
   WHERE sso_id = OLD.account AND NOT EXISTS (SELECT 1 FROM staff_roles WHERE account = OLD.account);
END;
