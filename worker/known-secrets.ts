import { createHash } from "node:crypto";

/**
 * The secrets written in this repository (worker/dev-secrets.ts: the built-in session and dev
 * portal secrets, the dev checkout's webhook secret, the dev admin, transcoder and ingest tokens), known here only by their
 * SHA-256 so that production can refuse them without its bundle containing them. Anyone can read
 * them in the repository, so as a production secret they protect nothing.
 * tests/worker/production.test.ts checks this list against worker/dev-secrets.ts.
 */
const DIGESTS: ReadonlySet<string> = new Set([
  "9d5c75b711797e7e5611bcea116224c0ec726266b0cac698d3dd24cc51770528", // the built-in session secret
  "3c2c773f5f0d06a5bb9b969e5d691973b77db83d0e26fe351b10fedb4bfe76a0", // the dev portal's signing secret
  "52c5bd0ba3b151c8082ca0e2054aadd9bc2209750b56d362a70ec7de2af89046", // the dev checkout's webhook secret
  "956715f2c67a5087bdf5e85033f34d2db21efe30d9fbc689bfc7839782c9a2db", // the dev admin token
  "444f918f6045ee0da3b237a51cb50c15b32ad616669a5b5aa7807e7b2330aaa5", // the dev transcoder token
  "0b9b7a2426f86e24084435dddee144d8590a991624507176fdc866b697f1f253", // the dev ingest token
]);

/** True when `value` is one of this repository's own secrets (public, so never a production secret). */
export function isRepositorySecret(value: string): boolean {
  return DIGESTS.has(createHash("sha256").update(value).digest("hex"));
}
