// Signing a bench's simulated user in through the site's own callback, with a token of the embedded
// dev login portal (development build only): what bench:live and bench:console share.
import { SignJWT } from "jose";

// The embedded dev portal's built-in signing settings (worker/dev-secrets.ts DEV_DEFAULTS): development build only.
const DEV_SSO = { secret: "dev-only-sso-signing-secret-northbridge-rovers-0123456789", issuer: "rovers-dev-sso", audience: "northbridge-rovers-site" };

const cookiesOf = (res, jar) => {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
};
const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/**
 * Signs `ssoID` in from address `ip` (any: the callback has no per-address budget) with a dev-portal token
 * carrying the sign-in state as nonce; resolves with the session's cookie header. Each request is
 * bounded by `timeoutMs`: past it the sign-in fails (the caller may try again).
 */
export async function devSignIn(base, ssoID, ip, timeoutMs = 30_000) {
  const jar = new Map();
  const start = await fetch(`${base}/auth/login`, { redirect: "manual", headers: { "cf-connecting-ip": ip }, signal: AbortSignal.timeout(timeoutMs) });
  cookiesOf(start, jar);
  const target = new URL(start.headers.get("location") ?? "");
  const callback = new URL(target.searchParams.get("redirect_uri") ?? target.searchParams.get("returnUrl") ?? "");
  const state = callback.searchParams.get("state") ?? "";
  const token = await new SignJWT({ id: ssoID, email: `${ssoID}@example.test`, forename: "Bench", surname: ssoID, nonce: state })
    .setJti(crypto.randomUUID())
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(DEV_SSO.issuer)
    .setAudience(DEV_SSO.audience)
    .setSubject(ssoID)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode(DEV_SSO.secret));
  const res = await fetch(`${base}/auth/callback?state=${encodeURIComponent(state)}&tokenpayload=${encodeURIComponent(token)}`, {
    redirect: "manual",
    headers: { cookie: cookieHeader(jar), "cf-connecting-ip": ip },
    signal: AbortSignal.timeout(timeoutMs),
  });
  cookiesOf(res, jar);
  if (res.status !== 302) throw new Error(`sign-in of ${ssoID} answered ${res.status}`);
  return cookieHeader(jar);
}
