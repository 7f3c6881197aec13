import manifest from "../../public/build/manifest.json";

/** Hashed client files written by scripts/build-client.mjs. */
export interface ClientManifest {
  entry: string;
  css: string;
  /** chunks the entry imports statically, preloaded so they download in parallel */
  preload: string[];
}

export const clientAssets: ClientManifest = manifest;
