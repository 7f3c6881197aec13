/**
 * Who may watch a catalogue video, as the console's publish form chooses it, and the entitlements
 * JSON it writes (spec: `?` everyone, `*` any signed-in account, else the codes an account must
 * hold one of). A package tier lists the packages whose holders may watch; each package stands
 * for the entitlement codes its prices grant.
 */
export interface TierPackage {
  id: string;
  title: string;
  /** the codes its prices grant */
  entitlements: string[];
}

export type Tier = { kind: "everyone" } | { kind: "signed-in" } | { kind: "packages"; packageIds: string[] };

/** The tier an entitlements list reads as: a package is chosen when all its codes are listed. */
export function tierOf(entitlements: readonly string[], packages: readonly TierPackage[]): Tier {
  if (entitlements.includes("?")) return { kind: "everyone" };
  if (entitlements.includes("*")) return { kind: "signed-in" };
  const held = new Set(entitlements);
  return { kind: "packages", packageIds: packages.filter((p) => p.entitlements.length > 0 && p.entitlements.every((e) => held.has(e))).map((p) => p.id) };
}

/**
 * The entitlements a tier writes. Codes of `previous` that no package grants (a code the club set
 * up elsewhere, e.g. a staff 'vip') are kept with a package tier, so saving the form never takes a
 * right away that the form does not show. null: a package tier with no package (nobody could watch).
 */
export function entitlementsOf(tier: Tier, packages: readonly TierPackage[], previous: readonly string[] = []): string[] | null {
  if (tier.kind === "everyone") return ["?"];
  if (tier.kind === "signed-in") return ["*"];
  const chosen = packages.filter((p) => tier.packageIds.includes(p.id));
  if (chosen.length === 0 || chosen.length !== new Set(tier.packageIds).size) return null;
  const packageCodes = new Set(packages.flatMap((p) => p.entitlements));
  const kept = previous.filter((code) => code !== "?" && code !== "*" && !packageCodes.has(code));
  return [...new Set([...chosen.flatMap((p) => p.entitlements), ...kept])];
}
