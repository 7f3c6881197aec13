import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import type { TokenVerification } from "./config";
import type { Identity } from "./identity";
import { SignInError } from "./errors";

/**
 * Login tokens (spec §3: forename, surname, id and email). The site never trusts a token it has
 * not verified: signature, issuer, audience and expiry are checked and the algorithm is pinned by
 * config, so 'alg: none' and algorithm-confusion tokens are refused before their claims are read.
 */
export const loginClaimsSchema = z.object({
  id: z.union([z.string().min(1).max(128), z.number().int().nonnegative()]).transform(String),
  email: z.email().max(320),
  forename: z.string().max(100).default(""),
  surname: z.string().max(100).default(""),
});

/** Tokens older than this are refused even if their exp is far away (a stolen-token bound). */
const MAX_TOKEN_AGE = "1d";
const CLOCK_TOLERANCE_SECONDS = 30;

const jwksCache = new Map<string, JWTVerifyGetKey>();

function keyFor(verification: TokenVerification): Uint8Array | JWTVerifyGetKey {
  if (verification.key.kind === "secret") return new TextEncoder().encode(verification.key.secret);
  const url = verification.key.url;
  let set = jwksCache.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    jwksCache.set(url, set);
  }
  return set;
}

export function identityFromClaims(claims: z.output<typeof loginClaimsSchema>): Identity {
  return {
    ssoID: claims.id,
    // Usernames and emails are case-insensitive at the portal (spec §5 lowercases the username).
    email: claims.email.toLowerCase(),
    forename: claims.forename.trim(),
    surname: claims.surname.trim(),
  };
}

/** Verifies a login token and returns who it names, or throws SignInError('LOGIN_FAILED'). */
export async function verifyLoginToken(token: string, verification: TokenVerification): Promise<Identity> {
  if (typeof token !== "string" || token.length === 0 || token.length > 8192) {
    throw new SignInError("LOGIN_FAILED", "login token missing or too long");
  }
  try {
    const key = keyFor(verification);
    const options = {
      issuer: verification.issuer,
      audience: verification.audience,
      algorithms: verification.algorithms,
      requiredClaims: ["exp", "iat"],
      maxTokenAge: MAX_TOKEN_AGE,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    };
    const { payload } =
      key instanceof Uint8Array ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options);
    const claims = loginClaimsSchema.safeParse(payload);
    if (!claims.success) throw new SignInError("LOGIN_FAILED", "login token claims malformed");
    return identityFromClaims(claims.data);
  } catch (error) {
    if (error instanceof SignInError) throw error;
    throw new SignInError("LOGIN_FAILED", `login token refused: ${(error as Error).name}`);
  }
}

/** Signs a login token (the embedded dev portal, and tests). */
export async function signLoginToken(
  identity: Identity,
  options: { secret: string; issuer: string; audience: string; expiresIn?: string },
): Promise<string> {
  return new SignJWT({
    id: identity.ssoID,
    email: identity.email,
    forename: identity.forename,
    surname: identity.surname,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setSubject(identity.ssoID)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? "10m")
    .sign(new TextEncoder().encode(options.secret));
}
