import { useEffect, useState } from "react";
import type { Package } from "../../schemas/videos";
import { fetchPackages, type PackageType } from "../../data/packages-service";

/** One list: loading until its own fetch ends (success or failure), spec §4 'Packages widget'. */
export type PackageList = { loading: true } | { loading: false; packages: Package[] };

const LOADING: PackageList = { loading: true };

/**
 * Both lists of the packages widget, each fetched on its own (match passes first, then
 * memberships, as spec §7 orders the calls). A failure is only logged and shows the empty text.
 */
export function usePackageLists(): Record<PackageType, PackageList> {
  const [lists, setLists] = useState<Record<PackageType, PackageList>>({ membership: LOADING, "match-pass": LOADING });
  useEffect(() => {
    const abort = new AbortController();
    for (const type of ["match-pass", "membership"] as const) {
      fetchPackages(type, abort.signal)
        .catch((error: unknown) => {
          if (!abort.signal.aborted) console.warn(JSON.stringify({ msg: "packages fetch failed", type, error: String(error) }));
          return [];
        })
        .then((packages) => {
          if (!abort.signal.aborted) setLists((current) => ({ ...current, [type]: { loading: false, packages } }));
        });
    }
    return () => abort.abort();
  }, []);
  return lists;
}
