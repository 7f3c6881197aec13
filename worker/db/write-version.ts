import { z } from "zod";

/**
 * Optimistic versions of a whole set of rows (`write_versions`, migrations/0028_write_versions.sql):
 * read the version with the rows a rule needs, then put `claimVersion` first in the write's batch.
 * If the set changed meanwhile the claim sets -1, the CHECK refuses it and D1 rolls the whole batch
 * back; `isStaleClaim` tells that error from others, for a 409.
 */
export type VersionedSet = "page-tree" | "redirects";

export const readVersionStatement = (db: D1Database, name: VersionedSet) => db.prepare("SELECT version FROM write_versions WHERE name = ?1").bind(name);

export const versionOf = (result: D1Result | undefined): number => z.object({ version: z.number() }).parse((result?.results ?? [])[0]).version;

export const claimVersion = (db: D1Database, name: VersionedSet, version: number) =>
  db.prepare("UPDATE write_versions SET version = CASE WHEN version = ?2 THEN version + 1 ELSE -1 END WHERE name = ?1").bind(name, version);

export const isStaleClaim = (error: unknown) => /CHECK constraint failed/i.test(String(error));
