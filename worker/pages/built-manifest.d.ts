// public/build/manifest.json is written by the client build (not in git): this gives it its type
// whether or not it exists yet, so `tsc` needs no client build first.
declare module "*/public/build/manifest.json" {
  const manifest: import("./client-manifest").ClientManifest;
  export default manifest;
}
