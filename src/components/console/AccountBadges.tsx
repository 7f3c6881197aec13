import type { AccountSummary } from "../../schemas/console-accounts";

/** An account's state in words (never colour alone): blocked, bypassed, staff, or active. */
export function AccountBadges({ account }: { account: Pick<AccountSummary, "blocked" | "bypassed" | "staff"> }) {
  const badges = [account.blocked ? "Blocked" : "Active", ...(account.bypassed ? ["Bypassed"] : []), ...(account.staff ? ["Staff"] : [])];
  return (
    <span className="console-accounts__badges">
      {badges.map((b) => (
        <span key={b} className={`console-accounts__badge console-accounts__badge--${b.toLowerCase()}`}>
          {b}
        </span>
      ))}
    </span>
  );
}
