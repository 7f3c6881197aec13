/**
 * The hashed client files scripts/build-client.mjs writes to public/build/manifest.json. The
 * worker imports that file (worker/pages/assets.ts); built-manifest.d.ts types it, so the worker
 * type-checks before any client build, and the worker tests read a stub of the same shape
 * (tests/worker/client-manifest.stub.json, aliased in vitest.worker.config.ts).
 */
export interface ClientManifest {
  entry: string;
  css: string;
  /** the icon sprite (src/icons/icon-sprite.ts) */
  icons: string;
  /** chunks the entry imports statically */
  preload: string[];
  /** page name → the stylesheets of its own rules (beside it in src/routes/<family>/, imported by its modules) */
  styles: Record<string, string[]>;
  /** page name → its chunk and the chunks it needs beyond the entry's */
  pages: Record<string, string[]>;
}
