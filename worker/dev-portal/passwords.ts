import { base64Url, constantTimeEqual, fromBase64Url } from "../auth/constant-time";

/**
 * Password hashes of people who register at the dev portal: PBKDF2-SHA256 (the strongest KDF
 * WebCrypto offers in workerd, which caps iterations at 100,000), 16-byte salt.
 */
const ITERATIONS = 100_000;

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${base64Url(salt)}$${base64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || !iterations || !salt || !hash) return false;
  const n = Number(iterations);
  if (!Number.isInteger(n) || n < 1 || n > ITERATIONS) return false;
  const candidate = await derive(password, fromBase64Url(salt), n);
  return constantTimeEqual(base64Url(candidate), hash);
}
