import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import type { TokenVerification } from "./config";
import type { Identity } from "../accounts/identity";
import { SignInError } from "./errors";
import { sha256Base64Url } from "./constant-time";
import { birthdateOf } from "../../src/domain/adult-age";

/**
 * Login tokens (spec §3: forename, surname, id and email; a date of birth where the service sends one). The site never trusts a token it has
 * not verified: signature, issuer, audience and expiry are checked and the algorithm is pinned by
 * config, so 'alg: none' and algorithm-confusion tokens are refused before their claims are read.
 */
export const loginClaimsSchema = z.object({
  id: z.union([z.string().min(1).max(128), z.number().int().nonnegative()]).transform(String),
  email: z.email().max(320),
  forename: z.string().max(100).default(""),
  surname: z.string().max(100).default(""),
  /** OIDC's standard claim; one the site cannot read is left out rather than refusing the sign-in */
  birthdate: z.string().max(20).optional().catch(undefined),
  jti: z.string().min(1).max(128).optional(),
  nonce: z.string().max(128).optional(),
  exp: z.number().int(),
});

/**
 * Tokens older than this are refused even if their exp is far away: a login token is spent at once
 * (and only once, worker/auth/used-tokens.ts), so it never needs to live longer.
 */
export const MAX_TOKEN_AGE_SECONDS = 5 * 60;
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

/** A verified login token: who it names, and what identifies the token itself (for single use). */
export interface VerifiedLogin {
  identity: Identity;
  /** the token's jti, or a hash of the whole token when it has none */
  tokenId: string;
  /** unix seconds */
  expiresAt: number;
}

export interface VerifyOptions {
  /**
   * The sign-in state the token must carry as `nonce`: binds a token to the sign-in that asked for
   * it, so a token copied from another sign-in (or replayed with a fresh state) is refused.
   */
  nonce?: string;
}

export function identityFromClaims(claims: z.output<typeof loginClaimsSchema>): Identity {
  const birthdate = birthdateOf(claims.birthdate);
  return {
    ...(birthdate === null ? {} : { birthdate }),
    ssoID: claims.id,
    // Usernames and emails are case-insensitive at the portal (spec §5 lowercases the username).
    email: claims.email.toLowerCase(),
    forename: claims.forename.trim(),
    surname: claims.surname.trim(),
  };
}

/** Verifies a login token and returns who it names, or throws SignInError('LOGIN_FAILED'). */
export async function verifyLoginToken(token: string, verification: TokenVerification, verify: VerifyOptions = {}): Promise<VerifiedLogin> {
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
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    };
    const { payload } =
      key instanceof Uint8Array ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options);
    const claims = loginClaimsSchema.safeParse(payload);
    if (!claims.success) throw new SignInError("LOGIN_FAILED", "login token claims malformed");
    if (verify.nonce !== undefined && claims.data.nonce !== verify.nonce) {
      throw new SignInError("LOGIN_FAILED", "login token is not for this sign-in (nonce)");
    }
    return {
      identity: identityFromClaims(claims.data),
      tokenId: claims.data.jti ?? (await sha256Base64Url(token)),
      expiresAt: claims.data.exp,
    };
  } catch (error) {
    if (error instanceof SignInError) throw error;
    throw new SignInError("LOGIN_FAILED", `login token refused: ${error instanceof Error ? error.name : "unknown error"}`);
  }
}

/** Signs a login token (the embedded dev portal, and tests). */
export async function signLoginToken(
  identity: Identity,
  options: { secret: string; issuer: string; audience: string; expiresIn?: string; nonce?: string },
): Promise<string> {
  return new SignJWT({
    id: identity.ssoID,
    email: identity.email,
    forename: identity.forename,
    surname: identity.surname,
    ...(identity.birthdate !== undefined ? { birthdate: identity.birthdate } : {}),
    ...(options.nonce !== undefined ? { nonce: options.nonce } : {}),
  })
    .setJti(crypto.randomUUID())
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setSubject(identity.ssoID)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? "5m")
    .sign(new TextEncoder().encode(options.secret));
}
