/**
 * The key of a media token (playback, live segment): derived (HKDF-SHA-256) from the session secret
 * under the token's own label, so it needs no extra secret yet a token of one kind can never pass
 * for another, nor for a session cookie. An HMAC-SHA-256 key, for jose's HS256 and WebCrypto's
 * sign and verify alike. Derived once per label and secret; a failed derivation is not kept, so
 * the next request tries again.
 */
const keys = new Map<string, Promise<CryptoKey>>();

export function tokenKey(sessionSecret: string, label: string): Promise<CryptoKey> {
  const id = `${label}\n${sessionSecret}`;
  let key = keys.get(id);
  if (!key) {
    const encoder = new TextEncoder();
    key = crypto.subtle
      .importKey("raw", encoder.encode(sessionSecret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(label) },
          base,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign", "verify"],
        ),
      );
    key.catch(() => keys.delete(id));
    keys.set(id, key);
  }
  return key;
}
